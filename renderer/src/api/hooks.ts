// Server state (the account, the balance, settings) through TanStack Query.
// Main's events update the cache directly, so every view stays in step.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountStatus,
  Balance,
  ChannelInput,
  UpdateView,
} from '../../../electron/ipc/contract';
import { call } from './call';
import { queryKeys } from './query-keys';
import { useUiStore } from '../state/ui-store';

export function useAccount() {
  return useQuery({ queryKey: queryKeys.account, queryFn: () => call(window.api.key.status()) });
}

export function useBalance(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.balance,
    queryFn: () => call(window.api.balance.get()),
    enabled,
    // The balance changes only through our own checks (which push events) or a
    // top-up elsewhere: refresh now and then, not on every focus.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings, queryFn: () => call(window.api.settings.get()) });
}

function useAccountMutation<I>(run: (input: I) => Promise<AccountStatus>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (status) => {
      client.setQueryData(queryKeys.account, status);
      void client.invalidateQueries({ queryKey: queryKeys.balance });
      // The memory of answers is the account's own, and so are the team's answers, history and spend.
      void client.invalidateQueries({ queryKey: queryKeys.memory });
      void client.invalidateQueries({ queryKey: queryKeys.team });
    },
  });
}

export const useSetKey = () =>
  useAccountMutation((input: { apiKey: string; baseUrl?: string }) =>
    call(window.api.key.set(input)),
  );

/** Main asks in its own dialog before the key goes to a new address, then proves it there. */
export const useConfirmKey = () => useAccountMutation(() => call(window.api.key.confirm()));

export const useStartDemo = () => useAccountMutation(() => call(window.api.demo.start()));

export function useClearKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(window.api.key.clear()),
    onSuccess: (status) => {
      client.setQueryData(queryKeys.account, status);
      client.removeQueries({ queryKey: queryKeys.balance });
      // The team's history and spend were that key's.
      void client.invalidateQueries({ queryKey: queryKeys.team });
    },
  });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: ChannelInput<'settings:update'>) => call(window.api.settings.update(patch)),
    onSuccess: (next) => {
      client.setQueryData(queryKeys.settings, next);
      // The reuse window, the limit and the prices entered all go into an estimate.
      void client.invalidateQueries({ queryKey: queryKeys.jobs.estimates() });
    },
  });
}

/** How many answers already paid for are kept for the account in use. */
export function useMemoryStatus(enabled = true) {
  return useQuery({
    queryKey: queryKeys.memory,
    queryFn: () => call(window.api.memory.status()),
    enabled,
  });
}

/** Forgets every answer kept for the account in use: later lists pay for them again. */
export function useForgetMemory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(window.api.memory.forget()),
    onSuccess: (view) => {
      client.setQueryData(queryKeys.memory, view);
      void client.invalidateQueries({ queryKey: queryKeys.jobs.estimates() });
    },
  });
}

/** Where the app's own update stands; main pushes every change. */
export function useUpdate() {
  return useQuery({
    queryKey: queryKeys.update,
    queryFn: () => call(window.api.update.status()),
    staleTime: Infinity,
  });
}

export function useRestartToUpdate() {
  return useMutation({ mutationFn: () => call(window.api.update.restart()) });
}

/** Subscribes once to main's events and writes them into the query cache. */
export function useMainEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offBalance = window.api.events.onBalanceChanged((balance: Balance) =>
      client.setQueryData(queryKeys.balance, balance),
    );
    const offAccount = window.api.events.onAccountChanged((status: AccountStatus) => {
      client.setQueryData(queryKeys.account, status);
      // A balance read at the address the key was proven for is not this address's.
      if (status.keyUnconfirmed) void client.resetQueries({ queryKey: queryKeys.balance });
    });
    const offUpdate = window.api.events.onUpdateChanged((view: UpdateView) =>
      client.setQueryData(queryKeys.update, view),
    );
    // The application menu's Settings… (Cmd/Ctrl+,).
    const offSettings = window.api.events.onSettingsOpen(() =>
      useUiStore.getState().openSettings(),
    );
    // A notification about a job was clicked: now, or before this window listened.
    const offResults = window.api.events.onResultsOpen(({ jobId }) =>
      useUiStore.getState().go('results', jobId),
    );
    void call(window.api.results.pending()).then(
      (asked) => asked && useUiStore.getState().go('results', asked.jobId),
      () => undefined,
    );
    return () => {
      offBalance();
      offAccount();
      offUpdate();
      offSettings();
      offResults();
    };
  }, [client]);
}
