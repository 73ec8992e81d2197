// Server state of the list platforms through TanStack Query: the connections
// (never a key, only its last four characters), a platform's lists, and a
// job's write-back, whose progress main pushes as events.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { PlatformId } from '../../../electron/common/catalogs/platforms';
import type {
  ConnectionView,
  RetireMode,
  WriteBackReport,
} from '../../../electron/common/views/platform-views';
import { call } from './call';
import { queryKeys } from './query-keys';
import { useUiStore } from '../state/ui-store';

export function useConnections() {
  return useQuery({
    queryKey: queryKeys.platforms.connections(),
    queryFn: () => call(window.api.platform.connections()),
  });
}

function useConnectionChange<I>(run: (input: I) => Promise<ConnectionView>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (view) => {
      client.setQueryData<ConnectionView[]>(queryKeys.platforms.connections(), (all) =>
        all?.map((c) => (c.platform === view.platform ? view : c)),
      );
      // Another key may see other lists, or none.
      client.removeQueries({ queryKey: queryKeys.platforms.lists(view.platform) });
    },
  });
}

/** Main proves the key with one read at the platform before the keychain keeps it. */
export const useConnectPlatform = () =>
  useConnectionChange((input: { platform: PlatformId; key: string }) =>
    call(window.api.platform.connect(input)),
  );

export const useRemovePlatform = () =>
  useConnectionChange((platform: PlatformId) => call(window.api.platform.remove({ platform })));

export function usePlatformLists(platform: PlatformId | null) {
  return useQuery({
    queryKey: queryKeys.platforms.lists(platform ?? 'mailchimp'),
    queryFn: () => call(window.api.platform.lists({ platform: platform ?? 'mailchimp' })),
    enabled: platform !== null,
    // Each read asks the platform: not again on every focus.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

export function useWriteBackPlan(jobId: string) {
  return useQuery({
    queryKey: queryKeys.writeBack.plan(jobId),
    queryFn: () => call(window.api.writeback.plan({ jobId })),
    retry: false,
  });
}

export function useWriteBackReport(jobId: string) {
  return useQuery({
    queryKey: queryKeys.writeBack.report(jobId),
    queryFn: () => call(window.api.writeback.report({ jobId })),
  });
}

export function useStartWriteBack(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (retire: RetireMode | null) => call(window.api.writeback.start({ jobId, retire })),
    onSuccess: (report) => {
      client.setQueryData(queryKeys.writeBack.report(jobId), report);
      // A run ended changes what a next one would write (members now unchanged).
      if (report.state !== 'writing') {
        void client.invalidateQueries({ queryKey: queryKeys.writeBack.plan(jobId) });
      }
    },
  });
}

/** How far each write-back under way is: members handled in its current phase, of how many. */
export const useWriteBackProgress = create<{
  byJob: Record<string, { done: number; total: number }>;
}>(() => ({ byJob: {} }));

/**
 * Subscribes once to the platforms' events: the members read of a list being
 * imported go to the import's progress, each write-back report into the cache.
 */
export function usePlatformEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offRead = window.api.events.onPlatformProgress(({ members, total }) =>
      useUiStore.getState().setMembersRead({ members, total }),
    );
    const offWrite = window.api.events.onWritebackChanged(({ jobId, report, done, total }) => {
      client.setQueryData<WriteBackReport | null>(queryKeys.writeBack.report(jobId), report);
      useWriteBackProgress.setState((s) => ({ byJob: { ...s.byJob, [jobId]: { done, total } } }));
      if (report.state !== 'writing') {
        void client.invalidateQueries({ queryKey: queryKeys.writeBack.plan(jobId) });
      }
    });
    return () => {
      offRead();
      offWrite();
    };
  }, [client]);
}
