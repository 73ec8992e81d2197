// `list-cleaner clean <file>`: imports a list, says what it found (the free
// checks too) and what it will cost, checks it, and saves the cleaned copy. Whatever can be refused
// (the destination, the options) is refused before anything is read or paid
// for; what the export should be is kept with the job, so that `resume`
// finishes a `clean` that was stopped.
import { resolve } from 'node:path';
import type { JobView } from '../../ipc/contract';
import type { Jobs } from '../../jobs/jobs';
import { AppError } from '../../lib/app-error';
import { defaultExportPath, exportDestinationProblem } from '../../lists/export-name';
import { UsageError, type Values } from '../args';
import { describeFindings, describeJob, usd } from '../output';
import { err, out } from '../print';
import { parseKeep, saveCleanExport, savedLine, writeExport } from './clean-export';
import { onInterrupt, openJobsWithProgress, withConnection } from './shared';

function parseColumn(value: string | undefined): string | number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) return value;
  // People count columns from 1; the core counts from 0 (0 would become -1).
  if (Number(value) < 1) throw new UsageError('--column counts from 1 (or takes a header name)');
  return Number(value) - 1;
}

/** The reader names a missing column by the core's index (from 0): say it as it was typed. */
function columnFromOne(err: unknown, column: string | number | undefined): unknown {
  if (typeof column !== 'number' || !(err instanceof AppError)) return err;
  const said = ` has no column ${column}.`;
  if (!err.message.includes(said)) return err;
  return new AppError(err.code, err.message.replace(said, ` has no column ${column + 1}.`));
}

function parseProduct(value: string | undefined): 'email' | 'avatar' {
  if (value === undefined || value === 'email') return 'email';
  if (value === 'avatar') return 'avatar';
  throw new UsageError('--product takes email or avatar');
}

async function exportAndReport(
  jobs: Jobs,
  job: JobView,
  values: Values,
  destPath: string,
): Promise<number> {
  const written = await writeExport(jobs, job, values.keep, values.bom, destPath);
  if (values.json) {
    out(
      JSON.stringify({
        job: job.id,
        rows: job.rows,
        unique: job.unique,
        invalid: job.invalid,
        empty: job.empty,
        duplicates: job.duplicates,
        deliverable: job.deliverable,
        undeliverable: job.undeliverable,
        unknown: job.unknown,
        charged_micros: job.chargedMicros,
        out: written.path,
        rows_written: written.rowsWritten,
      }),
    );
  } else {
    out(describeJob(job));
    out(savedLine(written));
  }
  return 0;
}

export async function run(values: Values, file: string | undefined): Promise<number> {
  if (!file) throw new UsageError('clean needs a file: list-cleaner clean contacts.csv');
  const input = resolve(file);
  const destPath = resolve(values.out ?? defaultExportPath(input, { keepTsv: true }));
  // Refused before anything is read or paid for; the user's own list is never replaced.
  const problem = await exportDestinationProblem(destPath, { input });
  if (problem) throw new AppError('bad_file', `${problem} Nothing was sent or charged.`);
  const product = parseProduct(values.product);
  parseKeep(values.keep);
  const column = parseColumn(values.column);
  return withConnection(values, async (connection) => {
    const { dataDir } = connection;
    const { progress, jobs } = await openJobsWithProgress(connection);
    let id: string | null = null;
    const release = onInterrupt(jobs, () => (id ? [id] : []));
    try {
      const { job, list } = await jobs
        .importFile(input, {
          ...(column !== undefined ? { column } : {}),
          onProgress: (p) => progress.reading(p),
        })
        .catch((e: unknown) => {
          throw columnFromOne(e, column);
        });
      id = job.id;
      await saveCleanExport(dataDir, job.id, { out: destPath, keep: values.keep, bom: values.bom });
      progress.done();
      err(
        `${job.fileName}: ${job.rows.toLocaleString('en-US')} rows; address column "${list.column.name}"; ` +
          `${job.unique.toLocaleString('en-US')} to check, ${job.invalid} invalid, ${job.empty} empty, ${job.duplicates} duplicates (removed for free).`,
      );
      if (list.findings && job.unique > 0) err(describeFindings(list.findings));
      if (job.unique > 0) {
        const estimate = await jobs.estimate(job.id, product);
        if (estimate.estimateMicros !== null) {
          err(
            `Estimated charge ${usd(estimate.estimateMicros)}; balance ${usd(estimate.balanceMicros)}, after it about ${usd(estimate.balanceMicros - estimate.estimateMicros)}.`,
          );
        }
        await jobs.start(job.id, product);
      }
      const finished = job.unique > 0 ? await jobs.finished(job.id) : job;
      progress.done();
      if (finished.state === 'failed') {
        throw new AppError(
          'service',
          `${finished.failure?.message ?? 'The job failed.'} (job ${finished.id})`,
        );
      }
      return await exportAndReport(jobs, finished, values, destPath);
    } finally {
      release();
    }
  });
}
