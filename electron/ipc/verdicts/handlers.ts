// The handler of `verdicts:import`: the granted file into the account's
// memory (verdicts/import.ts), its counts as the window shows them.
import type { Jobs } from '../../jobs/jobs';
import type { FileGrants } from '../../files/grants';
import type { VerdictImport } from '../../verdicts/import';
import type { VerdictImportView } from '../../common/views/verdict-views';
import type { Handlers } from '../registry';

/** The import's counts for the window: unmapped words most rows first, the date as a day. */
export function verdictImportView(result: VerdictImport): VerdictImportView {
  return {
    vendor: result.vendor,
    fileName: result.file,
    rows: result.rows,
    remembered: { ...result.remembered },
    unknown: result.unknown,
    unmapped: Object.entries(result.unmapped)
      .map(([word, rows]) => ({ word, rows }))
      .sort((a, b) => b.rows - a.rows),
    skipped: { ...result.skipped },
    date: new Date(result.fileDate * 1000).toISOString().slice(0, 10),
    memoryUnavailable: result.memoryUnavailable,
  };
}

export function verdictHandlers(
  files: Pick<FileGrants, 'take'>,
  jobs: () => Promise<Jobs>,
): Pick<Handlers, 'verdicts:import'> {
  return {
    'verdicts:import': async ({ token, vendor, date }) => {
      const path = await files.take(token);
      const result = await (
        await jobs()
      ).importVerdicts(path, {
        ...(vendor ? { vendor } : {}),
        // Noon UTC: the same day in every time zone the app shows it in.
        ...(date ? { date: Date.parse(`${date}T12:00:00Z`) / 1000 } : {}),
      });
      return verdictImportView(result);
    },
  };
}
