// `list-cleaner verdicts import <file> --vendor <name> [--date YYYY-MM-DD]`:
// another vendor's result file into the account's memory of answers
// (verdicts/import.ts), the memory the app and `clean` reuse from. Nothing is
// sent to the service and nothing is charged; the account is the key's
// fingerprint, as for every command.
import { resolve } from 'node:path';
import { VENDOR_LABEL, VERDICT_VENDORS, isVerdictVendor } from '../../common/catalogs/vendors';
import type { VerdictImport } from '../../verdicts/import';
import { UsageError, type Values } from '../args/args';
import { message } from '../../common/i18n/message';
import { out } from '../output/print';
import { num, t } from '../output/say';
import { openJobsWithProgress, withConnection } from './shared';

const USAGE = 'list-cleaner verdicts import <file> --vendor <name>';

/** --date: a calendar day, as noon UTC (the same day in every time zone the app shows it in). */
export function parseDay(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12) : NaN;
  const back = Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : '';
  if (!match || back !== value.trim()) {
    throw new UsageError(message('cli.usage.date'));
  }
  return ms / 1000;
}

/** The report's lines: read, kept by status, not kept and why. */
export function importLines(r: VerdictImport): string[] {
  const label = VENDOR_LABEL[r.vendor];
  const day = new Date(r.fileDate * 1000).toISOString().slice(0, 10);
  const kept = r.remembered.deliverable + r.remembered.undeliverable;
  const lines = [
    t('cli.verdicts.read', { file: r.file, rows: r.rows, vendor: label, day }),
    t('cli.verdicts.remembered', {
      kept,
      deliverable: r.remembered.deliverable,
      undeliverable: r.remembered.undeliverable,
      vendor: label,
    }),
  ];
  if (r.unknown > 0) lines.push(t('cli.verdicts.notKept', { count: r.unknown }));
  const words = Object.entries(r.unmapped);
  if (words.length > 0) {
    const total = words.reduce((sum, [, c]) => sum + c, 0);
    const named = words.map(([w, c]) => `${w} (${num(c)})`).join(', ');
    lines.push(t('cli.verdicts.unmapped', { count: total, words: named }));
  }
  if (r.skipped.noAddress > 0)
    lines.push(t('cli.verdicts.skippedNoAddress', { count: r.skipped.noAddress }));
  if (r.skipped.older > 0) lines.push(t('cli.verdicts.skippedOlder', { count: r.skipped.older }));
  if (r.memoryUnavailable) lines.push(t('cli.verdicts.memoryUnavailable'));
  return lines;
}

export async function run(values: Values, argument: string | undefined, rest: readonly string[]) {
  if (argument !== 'import') {
    throw new UsageError(
      argument === undefined
        ? message('cli.usage.verdictsSubcommand', { usage: USAGE })
        : message('cli.usage.unknownSubcommand', { command: 'verdicts', subcommand: argument }),
    );
  }
  const [file, ...more] = rest;
  if (file === undefined) {
    throw new UsageError(message('cli.usage.verdictsNeedsFile', { usage: USAGE }));
  }
  if (more.length > 0) throw new UsageError(message('cli.usage.verdictsOneFile', { usage: USAGE }));
  const vendor = values.vendor?.trim().toLowerCase();
  if (vendor !== undefined && !isVerdictVendor(vendor)) {
    throw new UsageError(message('cli.usage.vendor', { vendors: VERDICT_VENDORS.join(', ') }));
  }
  const date = parseDay(values.date);
  const result = await withConnection(values, async (connection) => {
    const { jobs } = await openJobsWithProgress(connection, values);
    try {
      return await jobs.importVerdicts(resolve(file), {
        ...(vendor ? { vendor } : {}),
        ...(date !== undefined ? { date } : {}),
      });
    } finally {
      await jobs.stop();
    }
  });
  if (values.json) {
    out(
      JSON.stringify({
        vendor: result.vendor,
        file: result.file,
        rows: result.rows,
        remembered: result.remembered,
        unknown: result.unknown,
        unmapped: result.unmapped,
        skipped: { no_address: result.skipped.noAddress, older: result.skipped.older },
        date: new Date(result.fileDate * 1000).toISOString().slice(0, 10),
        memory_unavailable: result.memoryUnavailable,
      }),
    );
    return 0;
  }
  for (const line of importLines(result)) out(line);
  return 0;
}
