// A bounce, complaint or unsubscribe export into the account's suppression
// list: read a batch at a time (read.ts), each batch one transaction of the
// store (store.ts), under the file's name, so the command line's
// `suppress remove <file>` can take it out again. The list's key table is
// made at the end, so the next list imported does not wait for it.
import { basename } from 'node:path';
import { readSuppressionFile, type SuppressionFileRead } from './read';
import type { AddResult, SuppressionStore } from './store';

export type SuppressionImport = SuppressionFileRead & AddResult;

/** Into this computer's list (store.ts) or the account's as the jobs use it (account.ts). */
export async function importSuppressionFile(
  store: Pick<SuppressionStore, 'add'> & { prepare(): void | Promise<void> },
  path: string,
): Promise<SuppressionImport> {
  const source = basename(path);
  const totals: AddResult = { added: 0, replaced: 0 };
  const read = await readSuppressionFile(path, {
    async onBatch(rows) {
      const result = await store.add(rows, source);
      totals.added += result.added;
      totals.replaced += result.replaced;
    },
  });
  await store.prepare();
  return { ...read, ...totals };
}
