// Another vendor's result file into the memory of answers: the file chosen by
// a drop (window.files.grant) or main's Open dialog, then imported; the
// memory's count and every estimate change with it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerdictVendor } from '../../../electron/common/catalogs/vendors';
import type { FileGrantView } from '../../../electron/common/views/views';
import { call } from './call';
import { queryKeys } from './query-keys';

export interface VerdictFileChoice {
  /** A file dropped on the section; null: main's Open dialog asks for one. */
  file: File | null;
  vendor: VerdictVendor | null;
  /** YYYY-MM-DD, or null for the file's own date. */
  date: string | null;
}

export function useImportVerdicts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, vendor, date }: VerdictFileChoice) => {
      const grant: FileGrantView | null = file
        ? await call(window.files.grant(file))
        : await call(window.api.file.choose());
      // The Open dialog closed without a file: nothing to import, nothing said.
      if (!grant) return null;
      return call(window.api.verdicts.import({ token: grant.token, vendor, date }));
    },
    onSuccess: (view) => {
      if (!view) return;
      void client.invalidateQueries({ queryKey: queryKeys.memory });
      void client.invalidateQueries({ queryKey: queryKeys.jobs.estimates() });
    },
  });
}
