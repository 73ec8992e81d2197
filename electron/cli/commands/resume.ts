// `list-cleaner resume [<id>]`: carries on with the unfinished jobs (or
// retries a failed one), then writes the export an interrupted `clean` of
// each would have written. A job another process is running is left alone.
// A job stopped at its spending limit goes on only when named, under the
// limit given with --max-spend (or none); a job stopped in the app, only when
// named. Those left waiting are listed, with the command that carries them on.
import type { JobView } from '../../ipc/contract';
import type { Jobs } from '../../jobs/jobs';
import { EXIT_LIMIT, UsageError, type Values } from '../args';
import { parseMaxSpend } from '../cost-options';
import { describeJob, usd } from '../output';
import { err, out } from '../print';
import { loadCleanExport, savedLine, writeExport } from './clean-export';
import { gradeJson, gradeLines, heldLine, reportHeld, resumeUnderLimit } from './job-report';
import { onInterrupt, openJobsWithProgress, withConnection } from './shared';

/** The new limit: given with the job's id only, since it replaces that job's own. */
function newLimit(values: Values, id: string | undefined): number | null | undefined {
  const limit = parseMaxSpend(values['max-spend']);
  if (limit !== undefined && id === undefined) {
    throw new UsageError(
      "--max-spend with resume needs the job's id: list-cleaner resume <id> --max-spend <USD>",
    );
  }
  return limit;
}

/**
 * A named job held by its limit goes on only under a new one: refused here,
 * nothing sent. Read first in any case, so a job that is not there is said so.
 */
async function heldWithoutNewLimit(
  jobs: Jobs,
  id: string,
  limitMicros: number | null | undefined,
): Promise<boolean> {
  const job = await jobs.get(id);
  if (limitMicros !== undefined || job.hold?.reason !== 'limit') return false;
  const limit = job.limitMicros !== null ? ` of ${usd(job.limitMicros)}` : '';
  err(
    `list-cleaner: Job ${id} stopped at its spending limit${limit}; it carries on under a new one: ${resumeUnderLimit(id)}. Nothing was sent.`,
  );
  return true;
}

/** Jobs waiting for the user that a resume of every job leaves alone. */
async function listHeld(jobs: Jobs, reported: readonly JobView[] = []): Promise<void> {
  const said = new Set(reported.map((j) => j.id));
  for (const job of await jobs.list()) if (job.hold && !said.has(job.id)) err(heldLine(job));
}

export async function run(values: Values, id: string | undefined): Promise<number> {
  const limitMicros = newLimit(values, id);
  return withConnection(values, async (connection) => {
    const { dataDir } = connection;
    const { progress, jobs } = await openJobsWithProgress(connection);
    if (id !== undefined && (await heldWithoutNewLimit(jobs, id, limitMicros))) {
      return EXIT_LIMIT;
    }
    const picked = await jobs.resume(id, limitMicros === undefined ? {} : { limitMicros });
    const release = onInterrupt(jobs, () => picked.map((j) => j.id));
    try {
      if (picked.length === 0) {
        out(id ? `Job ${id} has nothing left to do.` : 'No unfinished jobs.');
        if (id === undefined) await listHeld(jobs);
        return 0;
      }
      let code = 0;
      for (const job of picked) {
        if (job.elsewhere) {
          // Two runners would check, and charge, the same addresses twice.
          err(
            `list-cleaner: job ${job.id} (${job.fileName}) is running in ${job.elsewhere}; left alone.`,
          );
          code = code || 1;
          continue;
        }
        const done = await jobs.finished(job.id);
        progress.done();
        code = code || (await report(jobs, dataDir, done, values));
      }
      if (id === undefined) await listHeld(jobs, picked);
      return code;
    } finally {
      release();
    }
  });
}

/** One job as it ended: its line (or JSON), the export it was to write; its exit code. */
async function report(jobs: Jobs, dataDir: string, done: JobView, values: Values) {
  const wanted = done.state === 'done' ? await loadCleanExport(dataDir, done.id) : null;
  const written = wanted ? await writeExport(jobs, done, wanted, wanted.out) : null;
  const grade = gradeJson(done);
  if (values.json)
    out(JSON.stringify({ ...done, ...(written ? { out: written.path } : {}), grade }));
  else {
    out(`${done.id}  ${describeJob(done)}`);
    for (const line of gradeLines(done)) out(line);
    if (written) out(savedLine(written));
  }
  if (done.hold) return reportHeld(done);
  return done.state === 'failed' ? 1 : 0;
}
