// Server state of the account's suppression list through TanStack Query: its
// count and files, an export added (granted by a drop or the Open dialog),
// a file removed, one address looked up and removed. Each change answers the
// list as it is after it, which replaces what is shown.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuppressionSummaryView } from '../../../electron/common/views/suppression-views';
import { call } from './call';
import { queryKeys } from './query-keys';

export function useSuppression() {
  return useQuery({
    queryKey: queryKeys.suppression,
    queryFn: () => call(window.api.suppression.summary()),
    // With a team store each look reaches it: not on every focus.
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

function useSummaryChange<I, O>(
  run: (input: I) => Promise<O>,
  summaryOf: (out: O) => SuppressionSummaryView,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (out) => client.setQueryData(queryKeys.suppression, summaryOf(out)),
  });
}

/** Adds the export a drop or the Open dialog granted (its one-use token). */
export const useImportSuppression = () =>
  useSummaryChange(
    (token: string) => call(window.api.suppression.import({ token })),
    (view) => view.summary,
  );

/** Removes a file of the list and the entries it gave. */
export const useRemoveSuppressionSource = () =>
  useSummaryChange(
    (name: string) => call(window.api.suppression.dropfile({ name })),
    (summary) => summary,
  );

/** One address's entry, or null when it is not on the list. */
export const useFindSuppressed = () =>
  useMutation({
    mutationFn: (address: string) => call(window.api.suppression.find({ address })),
  });

/** Takes one address off the list. */
export const useRemoveSuppressed = () =>
  useSummaryChange(
    (address: string) => call(window.api.suppression.unlist({ address })),
    (out) => out.summary,
  );
