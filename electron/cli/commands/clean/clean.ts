// `list-cleaner clean <file>`: imports a list, says what it found (the free
// checks too), what is reused, not sent and sent, and what it will cost;
// checks it, and saves the cleaned copy. Whatever can be refused (the
// destination, the options) is refused before anything is read or paid for;
// over the spending limit it starts only when told to. What the export should
// be is kept with the job, so that `resume` finishes a `clean` that was
// stopped, also by its limit.
import { resolve } from 'node:path';
import type { ExportFormat, JobView } from '../../../ipc/contract';
import type { Jobs } from '../../../jobs/jobs';
import { message } from '../../../common/i18n/message';
import { AppError } from '../../../lib/app-error';
import { defaultExportPath, exportDestinationProblem } from '../../../lists/write/export-name';
import { UsageError, parseAskAgain, parsePatience, type Values } from '../../args/args';
import { checkCostFlags, costChoicesOf } from '../../args/cost-options';
import { describeJob } from '../../output/output';
import { err, out } from '../../output/print';
import { bare, t } from '../../output/say';
import { parseFormat, savedLine, wantedExport, writeExport } from './clean-export';
import { markExportWritten, saveExportIntent } from '../../../jobs/results/intent';
import { parseKeep } from '../../args/keep';
import { chargedTwiceLines, gradeLines, jobSummary, reportHeld } from './job-report';
import { onInterrupt, openJobsWithProgress, withConnection } from '../shared';
import { platformListOf } from '../../platforms';
import { checkToEnd, failedJob, parseProduct } from './clean-start';
import { askAgainJson, askAgainLines, askAgainToEnd } from './ask-again';
import { bounceJson, bounceLines, bounceWarnings, expectedBounce } from './expected-bounce';

function parseColumn(value: string | undefined): string | number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return value;
  // People count columns from 1; the core counts from 0 (0 would become -1).
  if (Number(value) < 1) throw new UsageError(message('cli.usage.columnFromOne'));
  return Number(value) - 1;
}

/**
 * The reader names a missing column by the core's index (from 0): say it as it
 * was typed. The core's message names it as its `wanted` value, so the number
 * is put right there, before the message is said in any language; an error
 * made of English words only is put right in its English.
 */
export function columnFromOne(err: unknown, column: string | number | undefined): unknown {
  if (typeof column !== 'number' || !(err instanceof AppError)) return err;
  const said = err.said;
  if (said !== undefined) {
    if (said.values?.['wanted'] !== String(column)) return err;
    const values = { ...said.values, wanted: String(column + 1) };
    return new AppError(err.code, message(said.id, values), err.serviceCode);
  }
  const english = ` has no column ${column}.`;
  if (!err.message.includes(english)) return err;
  return new AppError(err.code, err.message.replace(english, ` has no column ${column + 1}.`));
}

/** A sheet's name, or its place counted from 1 (the core counts from 0). */
function parseSheet(value: string | undefined): string | number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return value;
  if (Number(value) < 1) throw new UsageError(message('cli.usage.sheetFromOne'));
  return Number(value) - 1;
}

async function exportAndReport(
  jobs: Jobs,
  dataDir: string,
  job: JobView,
  values: Values & { format: ExportFormat },
  destPath: string,
  bounceLimit: number | null,
): Promise<number> {
  const forecast = await expectedBounce(jobs, job.id, values, bounceLimit);
  // Said before the file is saved, so a script reading stderr sees it first.
  for (const line of bounceWarnings(forecast)) err(line);
  const written = await writeExport(jobs, job, values, destPath);
  await markExportWritten(dataDir, job.id, new Date());
  if (values.json) {
    out(
      JSON.stringify({
        ...jobSummary(job),
        out: written.path,
        rows_written: written.rowsWritten,
        ask_again: askAgainJson(job),
        expected_bounce: bounceJson(forecast),
      }),
    );
  } else {
    out(describeJob(job));
    for (const line of gradeLines(job)) out(line);
    for (const line of chargedTwiceLines(job)) out(line);
    for (const line of askAgainLines(job)) out(line);
    out(savedLine(written));
    for (const line of bounceLines(forecast)) out(line);
  }
  return 0;
}

export async function run(values: Values, file: string | undefined): Promise<number> {
  if (!file) throw new UsageError(message('cli.usage.cleanNeedsFile'));
  const onPlatform = platformListOf(file);
  if (onPlatform !== null) return (await import('./clean-platform')).run(values, onPlatform);
  for (const flag of ['write-back', 'archive-undeliverable', 'yes', 'members'] as const) {
    if (values[flag] !== undefined && values[flag] !== false) {
      throw new UsageError(
        message('cli.usage.platformOnly', {
          flag: `--${flag}`,
          command: 'list-cleaner clean mailchimp:<list-id>',
        }),
      );
    }
  }
  const input = resolve(file);
  const format = parseFormat(values.format, input);
  const destPath = resolve(
    values.out ?? defaultExportPath(input, { keepTsv: true, extension: format }),
  );
  // Refused before anything is read or paid for; the user's own list is never replaced.
  const problem = await exportDestinationProblem(destPath, { input });
  if (problem)
    throw new AppError('bad_file', message('error.cli.destinationNothingSent', { problem }));
  const product = parseProduct(values.product);
  if (values.others !== undefined && product !== 'avatar') {
    throw new UsageError(message('cli.usage.othersAvatarOnly'));
  }
  parseKeep(values.keep, values.domain);
  checkCostFlags(values);
  parsePatience(values.patience);
  // With --ask-again, the schedule is waited out here and the file saved after it.
  const askAgain = parseAskAgain(values['ask-again']);
  const column = parseColumn(values.column);
  const sheet = parseSheet(values.sheet);
  return withConnection(values, async (connection) => {
    const { dataDir } = connection;
    const choices = costChoicesOf(values, connection.costDefaults);
    const { progress, jobs } = await openJobsWithProgress(connection, values);
    let id: string | null = null;
    const release = onInterrupt(jobs, () => (id ? [id] : []));
    try {
      const { job, list } = await jobs
        .importFile(input, {
          ...(column !== undefined ? { column } : {}),
          ...(sheet !== undefined ? { sheet } : {}),
          onProgress: (p) => progress.reading(p),
        })
        .catch((e: unknown) => {
          throw columnFromOne(e, column);
        });
      id = job.id;
      await saveExportIntent(dataDir, job.id, wantedExport(values, destPath, format));
      progress.done();
      err(
        t('cli.clean.imported', {
          fileName: job.fileName,
          rows: job.rows,
          column: list.column.name,
          unique: job.unique,
          invalid: bare(job.invalid),
          empty: bare(job.empty),
          repeats: bare(job.duplicates),
        }),
      );
      const finished = await checkToEnd(jobs, job, list, { product, choices, values, progress });
      if (typeof finished === 'number') return finished;
      if (finished.hold) {
        if (values.json)
          out(JSON.stringify({ ...jobSummary(finished), out: null, held: finished.hold }));
        return reportHeld(finished);
      }
      if (finished.state === 'failed') throw failedJob(finished);
      const asked = askAgain?.length ? await askAgainToEnd(jobs, finished) : finished;
      const limit = connection.bounceGatePercent;
      return await exportAndReport(jobs, dataDir, asked, { ...values, format }, destPath, limit);
    } finally {
      release();
    }
  });
}
