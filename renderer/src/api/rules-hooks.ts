// Server state of the allow and block rules through TanStack Query: the list,
// adding what was typed with an action, removing one. Each change answers with
// the rules after it, which become the list at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RuleAction } from '../../../electron/common/views/rule-views';
import { call } from './call';
import { queryKeys } from './query-keys';

export function useRules() {
  return useQuery({
    queryKey: queryKeys.rules,
    queryFn: () => call(window.api.rules.list()),
    // The command line may change them too: read again when Settings is looked at.
    staleTime: 5_000,
  });
}

/** Adds the rules typed (one a line), all or none. */
export function useAddRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ texts, action }: { texts: string[]; action: RuleAction }) =>
      call(window.api.rules.add({ texts, action })),
    onSuccess: (change) => client.setQueryData(queryKeys.rules, change.rules),
  });
}

export function useRemoveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(window.api.rules.remove({ id })),
    onSuccess: ({ rules }) => client.setQueryData(queryKeys.rules, rules),
  });
}
