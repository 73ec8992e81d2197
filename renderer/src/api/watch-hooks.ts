// Server state of the watches through TanStack Query: the watches, a watch's
// runs, the draft of "Keep this list clean…", and the scheduler's switch.
// Main says when a watch changed (a run began or ended); the window reads it again.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../../electron/ipc/contract';
import { call } from './call';
import { queryKeys } from './query-keys';
import { useUiStore } from '../state/ui-store';

export function useWatches() {
  return useQuery({
    queryKey: queryKeys.watches.list(),
    queryFn: () => call(window.api.watch.list()),
  });
}

export function useWatchRuns(watchId: string | null) {
  return useQuery({
    queryKey: queryKeys.watches.runs(watchId ?? ''),
    queryFn: () => call(window.api.watch.runs({ watchId: watchId ?? '' })),
    enabled: watchId !== null,
  });
}

export function useWatchDraft(jobId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.watches.draft(jobId),
    queryFn: () => call(window.api.watch.draft({ jobId })),
    enabled,
    retry: false,
  });
}

export function useWatchScheduler() {
  return useQuery({
    queryKey: queryKeys.watches.scheduler(),
    queryFn: () => call(window.api.watch.scheduler()),
  });
}

/** A change to the watches: every watch query is read again. */
function useWatchChange<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.watches.all }),
  });
}

export const useAddWatch = () =>
  useWatchChange((input: ChannelInput<'watch:add'>) => call(window.api.watch.add(input)));
export const useAddFolderWatch = () =>
  useWatchChange((input: ChannelInput<'watch:folder'>) => call(window.api.watch.folder(input)));
export const usePauseWatch = () =>
  useWatchChange((watchId: string) => call(window.api.watch.pause({ watchId })));
export const useResumeWatch = () =>
  useWatchChange((watchId: string) => call(window.api.watch.resume({ watchId })));
export const useRemoveWatch = () =>
  useWatchChange((watchId: string) => call(window.api.watch.remove({ watchId })));
export const useRunWatch = () =>
  useWatchChange((input: ChannelInput<'watch:run'>) => call(window.api.watch.run(input)));
export const useSetWatchScheduler = () =>
  useWatchChange((on: boolean) => call(window.api.watch.switch({ on })));

/** Main's word that a watch changed, and a watch's notification clicked. */
export function useWatchEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    const offChanged = window.api.events.onWatchChanged(
      () => void client.invalidateQueries({ queryKey: queryKeys.watches.all }),
    );
    const offOpen = window.api.events.onWatchOpen(() => useUiStore.getState().go('watches'));
    return () => {
      offChanged();
      offOpen();
    };
  }, [client]);
}
