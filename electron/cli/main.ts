// `list-cleaner`: the core driven from a terminal. Progress goes to stderr,
// results to stdout (one JSON object with --json). Exit codes: 0 done, 1 a
// failure (one clear line), 2 a usage mistake, 130 stopped with Ctrl-C (the
// job is kept and resumes with `list-cleaner resume`).
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { JobView } from '../ipc/contract';
import { AppError } from '../lib/app-error';
import { writeFileAtomic } from '../lib/atomic-file';
import { setLogSink } from '../lib/log';
import { defaultExportPath, exportDestinationProblem } from '../lists/export-name';
import type { AppendedColumn, ExportFilter } from '../lists/types';
import { openJobs, type Jobs } from '../jobs/jobs';
import { openJobStore } from '../jobs/store';
import { connect, type Connection } from './connect';
import type { ServiceClient } from '../service/client';
import { appDataDir } from './data-dir';
import { createProgress, describeJob, usd } from './output';
import { err, exitAfterFlush, out, showingProgress, withoutStack } from './print';
import { checkOne } from '../account/check-one';

export { flushOutput } from './print';

const HELP = `Usage: list-cleaner <command> [options]

Commands:
  balance                       Show the account balance.
  check <address> [--avatar]    Check one address.
  clean <file> [options]        Check a list and save the cleaned copy.
      --out <file>              Where to save it (default: <name>.cleaned.csv next to the input)
      --product email|avatar    What to check (default: email)
      --column <name|index>     The address column, when not the detected one (index from 1)
      --keep all|deliverable|undeliverable
                                Which rows to save (default: all, each with its status)
      --bom                     Start the file with a UTF-8 BOM (for Excel)
      --json                    Print one JSON object with the counts on stdout
  jobs                          List the jobs, newest first.
  resume [<id>]                 Carry on with unfinished jobs (or retry a failed one).

Options for every command:
  --demo                        Use a sandbox in this process instead of the real service
  -h, --help                    Show this help

Configuration: LIST_CLEANER_API_KEY and LIST_CLEANER_BASE_URL, else the key and
service address saved in the List Cleaner app.`;

class UsageError extends Error {}

const options = {
  out: { type: 'string' },
  product: { type: 'string' },
  column: { type: 'string' },
  keep: { type: 'string' },
  bom: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  avatar: { type: 'boolean', default: false },
  demo: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof options; allowPositionals: true }>
>['values'];

/** Ctrl-C once: finish what was sent (it is paid for), keep the job. Twice: leave now. */
function onInterrupt(jobs: Jobs, jobIds: () => string[]): () => void {
  let stopping = false;
  const handler = () => {
    if (stopping) {
      err('Stopped. Checks still in flight may be charged without their results being kept.');
      exitAfterFlush(130);
      return;
    }
    stopping = true;
    const ids = jobIds();
    err(
      `Stopping: waiting for the checks already sent (they are paid for). Press Ctrl-C again to quit at once.${
        ids.length ? ` Carry on later with: list-cleaner resume ${ids.join(' ')}` : ''
      }`,
    );
    void jobs.stop().then(() => exitAfterFlush(130));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

async function withConnection<T>(values: Values, work: (c: Connection) => Promise<T>): Promise<T> {
  const connection = await connect(appDataDir(), { demo: values.demo });
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}

/** The jobs of this data folder, their changes shown as progress on stderr. */
async function openJobsWithProgress(client: ServiceClient, dataDir: string) {
  const progress = createProgress(process.stderr);
  showingProgress(progress);
  const jobs = await openJobs({
    dataDir,
    client: () => client,
    onChange: (v) => progress.job(v),
    runner: 'the list-cleaner command',
  });
  return { progress, jobs };
}

async function balance(values: Values): Promise<number> {
  return withConnection(values, async ({ client }) => {
    const { balanceMicros } = await client.balance();
    if (values.json) out(JSON.stringify({ balance_micros: balanceMicros }));
    else out(usd(balanceMicros));
    return 0;
  });
}

async function check(values: Values, address: string | undefined): Promise<number> {
  if (!address) throw new UsageError('check needs an address: list-cleaner check jane@example.com');
  // Connected only for an address: what is refused is refused before any sandbox starts.
  let connection = null as Connection | null;
  try {
    const result = await checkOne(address, values.avatar ? 'avatar' : 'email', {
      client: async () => (connection = await connect(appDataDir(), { demo: values.demo })).client,
      notAnAddress: (typed) => `${typed} is not an email address; nothing was sent.`,
    });
    if (values.json) {
      out(
        JSON.stringify({
          address: result.address,
          status: result.status,
          provider: result.provider,
          avatar: result.avatar,
          avatar_url: result.avatarUrl,
        }),
      );
    } else {
      const details = [
        result.provider ? `provider ${result.provider}` : null,
        result.avatar === true
          ? `avatar ${result.avatarUrl || '(no picture address)'}`
          : result.avatar === false
            ? 'no avatar'
            : null,
      ].filter(Boolean);
      out(`${result.address}: ${result.status}${details.length ? ` (${details.join(', ')})` : ''}`);
    }
    return 0;
  } finally {
    await connection?.close();
  }
}

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

function parseKeep(value: string | undefined): ExportFilter {
  switch (value ?? 'all') {
    case 'all':
      return 'all';
    case 'deliverable':
      return 'deliverable';
    case 'undeliverable':
      return 'not-deliverable';
    default:
      throw new UsageError('--keep takes all, deliverable or undeliverable');
  }
}

function parseProduct(value: string | undefined): 'email' | 'avatar' {
  if (value === undefined || value === 'email') return 'email';
  if (value === 'avatar') return 'avatar';
  throw new UsageError('--product takes email or avatar');
}

// What `clean` was asked to write, kept in the job's folder: a job stopped by
// Ctrl-C or a crash is finished by `resume`, which then writes the export the
// interrupted `clean` would have written (there is no other way to get it from
// the command line).
const cleanExport = z.object({
  out: z.string(),
  keep: z.enum(['all', 'deliverable', 'undeliverable']),
  bom: z.boolean(),
});
type CleanExport = z.infer<typeof cleanExport>;

const cleanExportPath = (dataDir: string, id: string) =>
  join(openJobStore(dataDir).paths(id).dir, 'cli-export.json');

async function loadCleanExport(dataDir: string, id: string): Promise<CleanExport | null> {
  try {
    return cleanExport.parse(JSON.parse(await readFile(cleanExportPath(dataDir, id), 'utf8')));
  } catch {
    return null;
  }
}

async function writeExport(
  jobs: Jobs,
  job: JobView,
  keep: string | undefined,
  bom: boolean,
  destPath: string,
) {
  const columns: AppendedColumn[] =
    job.product === 'avatar'
      ? ['email_status', 'email_avatar', 'email_avatar_url']
      : ['email_status', 'email_provider'];
  return jobs.export(job.id, { destPath, filter: parseKeep(keep), columns, bom });
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
    out(
      `Saved ${written.rowsWritten.toLocaleString('en-US')} of ${written.rowsTotal.toLocaleString('en-US')} rows to ${written.path}`,
    );
  }
  return 0;
}

async function clean(values: Values, file: string | undefined): Promise<number> {
  if (!file) throw new UsageError('clean needs a file: list-cleaner clean contacts.csv');
  const input = resolve(file);
  const destPath = resolve(values.out ?? defaultExportPath(input, { keepTsv: true }));
  // Refused before anything is read or paid for; the user's own list is never replaced.
  const problem = await exportDestinationProblem(destPath, { input });
  if (problem) throw new AppError('bad_file', `${problem} Nothing was sent or charged.`);
  const product = parseProduct(values.product);
  parseKeep(values.keep);
  const column = parseColumn(values.column);
  return withConnection(values, async ({ client, dataDir }) => {
    const { progress, jobs } = await openJobsWithProgress(client, dataDir);
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
      await writeFileAtomic(
        cleanExportPath(dataDir, job.id),
        JSON.stringify({
          out: destPath,
          keep: cleanExport.shape.keep.parse(values.keep ?? 'all'),
          bom: values.bom,
        } satisfies CleanExport),
      );
      progress.done();
      err(
        `${job.fileName}: ${job.rows.toLocaleString('en-US')} rows; address column "${list.column.name}"; ` +
          `${job.unique.toLocaleString('en-US')} to check, ${job.invalid} invalid, ${job.empty} empty, ${job.duplicates} duplicates (removed for free).`,
      );
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

async function listJobs(values: Values): Promise<number> {
  const dataDir = values.demo ? join(appDataDir(), 'demo') : appDataDir();
  const jobs = await openJobs({
    dataDir,
    client: () => {
      throw new AppError('no_account', 'not needed to list jobs');
    },
  });
  const all = await jobs.list();
  if (values.json) {
    out(JSON.stringify(all));
    return 0;
  }
  if (all.length === 0) {
    out('No jobs yet. Start one with: list-cleaner clean <file>');
    return 0;
  }
  for (const job of all) out(`${job.id}  ${describeJob(job)}`);
  return 0;
}

async function resumeJobs(values: Values, id: string | undefined): Promise<number> {
  return withConnection(values, async ({ client, dataDir }) => {
    const { progress, jobs } = await openJobsWithProgress(client, dataDir);
    const picked = await jobs.resume(id);
    const release = onInterrupt(jobs, () => picked.map((j) => j.id));
    try {
      if (picked.length === 0) {
        out(id ? `Job ${id} has nothing left to do.` : 'No unfinished jobs.');
        return 0;
      }
      let failed = 0;
      for (const job of picked) {
        if (job.elsewhere) {
          // Two runners would check, and charge, the same addresses twice.
          err(
            `list-cleaner: job ${job.id} (${job.fileName}) is running in ${job.elsewhere}; left alone.`,
          );
          failed += 1;
          continue;
        }
        const done = await jobs.finished(job.id);
        progress.done();
        if (done.state === 'failed') failed += 1;
        const wanted = done.state === 'done' ? await loadCleanExport(dataDir, done.id) : null;
        const written = wanted
          ? await writeExport(jobs, done, wanted.keep, wanted.bom, wanted.out)
          : null;
        if (values.json) out(JSON.stringify(written ? { ...done, out: written.path } : done));
        else {
          out(`${done.id}  ${describeJob(done)}`);
          if (written) {
            out(
              `Saved ${written.rowsWritten.toLocaleString('en-US')} of ${written.rowsTotal.toLocaleString('en-US')} rows to ${written.path}`,
            );
          }
        }
      }
      return failed > 0 ? 1 : 0;
    } finally {
      release();
    }
  });
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    err(`list-cleaner: ${(e as Error).message}. See list-cleaner --help.`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, argument] = positionals;
  if (values.help || !command) {
    out(HELP);
    return values.help ? 0 : 2;
  }
  // Log lines would mix with progress: keep only warnings, on stderr.
  // A condition the app handles is one line: a stack is shown only with LIST_CLEANER_DEBUG.
  setLogSink((level, line) => {
    if (level === 'info') return;
    err(process.env.LIST_CLEANER_DEBUG ? line : withoutStack(line));
  });
  try {
    switch (command) {
      case 'balance':
        return await balance(values);
      case 'check':
        return await check(values, argument);
      case 'clean':
        return await clean(values, argument);
      case 'jobs':
        return await listJobs(values);
      case 'resume':
        return await resumeJobs(values, argument);
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      err(`list-cleaner: ${e.message}. See list-cleaner --help.`);
      return 2;
    }
    const message = e instanceof Error ? e.message : String(e);
    err(`list-cleaner: ${message}`);
    return 1;
  }
}
