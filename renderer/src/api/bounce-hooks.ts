// A finished job's bounce report through TanStack Query: its newest match (kept
// in the job's folder, so it is there again after a restart), matching a
// report the user dropped or chose, and saving the evidence file through
// main's Save dialog.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './call';
import { queryKeys } from './query-keys';

export function useLastBounces(jobId: string) {
  return useQuery({
    queryKey: queryKeys.bounces(jobId),
    queryFn: () => call(window.api.bounces.last({ jobId })),
    staleTime: Infinity,
  });
}

/** A report granted by a drop (window.files.grant) or main's Open dialog, by its token. */
export function useMatchBounces(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(window.api.bounces.match({ jobId, token })),
    onSuccess: (view) => client.setQueryData(queryKeys.bounces(jobId), view),
  });
}

/** Null when the user closed the Save dialog without choosing. */
export function useSaveEvidence(jobId: string) {
  return useMutation({
    mutationFn: () => call(window.api.bounces.save({ jobId })),
  });
}
