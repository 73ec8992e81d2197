// Server state of the team store through TanStack Query: the saved store as
// main finds it (each look reaches the store, so not on every focus), and
// testing, connecting and removing it.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamView } from '../../../electron/common/views/team-views';
import { call } from './call';
import { queryKeys } from './query-keys';

export function useTeam() {
  return useQuery({
    queryKey: queryKeys.team,
    queryFn: () => call(window.api.team.status()),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

function useTeamChange<I>(run: (input: I) => Promise<TeamView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (view) => {
      client.setQueryData(queryKeys.team, view);
      // With a store the suppression list is the team's; without, this computer's.
      void client.invalidateQueries({ queryKey: queryKeys.suppression });
      // Another store, or none: its history and spend are another's.
      client.removeQueries({
        queryKey: queryKeys.team,
        exact: false,
        predicate: (q) => q.queryKey.length > 1,
      });
    },
  });
}

/** Main tests the address, then keeps it in settings and the password in the keychain. */
export const useConnectTeam = () =>
  useTeamChange(({ url, password }: TypedTeam) =>
    call(window.api.team.connect(password === '' ? { url } : { url, password })),
  );

/** The address as typed, and the password typed in its own (masked) field, or ''. */
export interface TypedTeam {
  url: string;
  password: string;
}

export const useRemoveTeam = () => useTeamChange(() => call(window.api.team.remove()));

/** Tests the typed address, or without one the saved store; nothing is saved. */
export function useTestTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (typed: TypedTeam | undefined) =>
      call(
        window.api.team.test(
          typed === undefined
            ? {}
            : typed.password === ''
              ? { url: typed.url }
              : { url: typed.url, password: typed.password },
        ),
      ),
    // A test may have set up or migrated the saved store's schema.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.team }),
  });
}

/**
 * Main's own Open dialog for the store's root certificate; the window names
 * no file. Main keeps the file for the next test or connect; null: cancelled.
 */
export const useChooseRootCert = () =>
  useMutation({ mutationFn: () => call(window.api.team.rootcert()) });

/** One page of the team's finished jobs; the page shown stays while the next is read. */
export function useTeamHistory(offset: number, limit: number) {
  return useQuery({
    queryKey: queryKeys.teamHistory(offset),
    queryFn: () => call(window.api.team.history({ offset, limit })),
    placeholderData: keepPreviousData,
    // Colleagues finish jobs elsewhere: read again when looked at, not on every focus.
    staleTime: 10_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** The team's spend per person per month, the last twelve months. */
export function useTeamSpend() {
  return useQuery({
    queryKey: queryKeys.teamSpend(),
    queryFn: () => call(window.api.team.spend()),
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
