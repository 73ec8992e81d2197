// Server state of the team store through TanStack Query: the saved store as
// main finds it (each look reaches the store, so not on every focus), and
// testing, connecting and removing it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamView } from '../../../electron/common/team-views';
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
    onSuccess: (view) => client.setQueryData(queryKeys.team, view),
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
