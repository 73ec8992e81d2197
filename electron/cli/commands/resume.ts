// `list-cleaner resume [<id>]`: carries on with every job that can go on
// (unfinished, waiting, paused after the service refused too long, or failed
// for a reason a retry can fix), or the one named, then writes the export an
// interrupted `clean` of each would have written, and the export of every
// `clean` that finished checking but was killed before its file was saved. A job another process is
// running is left alone. A job stopped at its spending limit goes on only
// when named, under the limit given with --max-spend (or none); a job the
// user stopped, only when named. Every job left is named with the reason,
// and with the command that carries it on, exactly as it must be typed.
import type { JobView } from '../../ipc/contract';
import type { Jobs } from '../../jobs/jobs';
import { EXIT_LIMIT, UsageError, parseAskAgain, type Values } from '../args/args';
import { parseMaxSpend } from '../args/cost-options';
import { describeJob } from '../output/output';
import { message } from '../../common/i18n/message';
import { visibleLine } from '../../common/text/one-line';
import { sayError } from '../../lib/app-error';
import { err, out } from '../output/print';
import { cashExact, t } from '../output/say';
import { cliWords } from '../output/words';
import { savedLine, writeExport } from './clean/clean-export';
import {
  exportOwed,
  loadExportIntent,
  markExportWritten,
  type ExportIntent,
} from '../../jobs/results/intent';
import {
  chargedTwiceJson,
  chargedTwiceLines,
  gradeJson,
  gradeLines,
  heldLine,
  reportHeld,
  resumeUnderLimit,
} from './clean/job-report';
import { onInterrupt, openJobsWithProgress, withConnection } from './shared';
import { connectorsFor } from '../platforms';
import { reportLines } from './clean/clean-platform';
import { askAgainLines, dueRounds } from './clean/ask-again';

/** The new limit: given with the job's id only, since it replaces that job's own. */
function newLimit(values: Values, id: string | undefined): number | null | undefined {
  const limit = parseMaxSpend(values['max-spend']);
  if (limit !== undefined && id === undefined) {
    throw new UsageError(
      message('cli.usage.maxSpendNeedsId', {
        command: 'list-cleaner resume <id> --max-spend <USD>',
      }),
    );
  }
  return limit;
}

/**
 * `resume <id> --ask-again <delays>|none` on a finished job that still has
 * unknowns to ask: the rest of its schedule replaced, counted from now. A job
 * not finished yet takes the delays when it finishes (the process's option).
 */
async function newSchedule(jobs: Jobs, id: string, values: Values): Promise<JobView | null> {
  const delays = parseAskAgain(values['ask-again']);
  if (delays === undefined) return null;
  const job = await jobs.get(id);
  if (job.state !== 'done' || !job.askAgain || job.askAgain.left === 0) return null;
  const view = await jobs.setAskAgain(id, delays);
  out(`${view.id}  ${describeJob(view)}`);
  for (const line of askAgainLines(view)) out(line);
  return view;
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
  const said = { id, command: resumeUnderLimit(job) };
  err(
    `list-cleaner: ${
      job.limitMicros !== null
        ? t('cli.resume.needsNewLimitOf', { ...said, limit: cashExact(job.limitMicros) })
        : t('cli.resume.needsNewLimit', said)
    }`,
  );
  return true;
}

/**
 * The jobs a resume of every job leaves, each with why: held for the user
 * (stopped, at its limit), or failed for a reason a retry cannot fix.
 */
async function leftLines(jobs: Jobs, reported: readonly JobView[] = []): Promise<string[]> {
  const said = new Set(reported.map((j) => j.id));
  const lines: string[] = [];
  for (const job of await jobs.list()) {
    if (said.has(job.id)) continue;
    if (job.hold && !job.elsewhere) lines.push(heldLine(job));
    else if (job.state === 'failed' && job.failure) {
      lines.push(
        t('cli.resume.failedLeft', {
          id: job.id,
          fileName: job.fileName,
          reason: job.failure.message,
        }),
      );
    }
  }
  return lines;
}

export async function run(values: Values, id: string | undefined): Promise<number> {
  const limitMicros = newLimit(values, id);
  return withConnection(values, async (connection) => {
    const { dataDir } = connection;
    const { progress, jobs } = await openJobsWithProgress(connection, values);
    if (id !== undefined && (await heldWithoutNewLimit(jobs, id, limitMicros))) {
      return EXIT_LIMIT;
    }
    const rescheduled = id === undefined ? null : await newSchedule(jobs, id, values);
    if (rescheduled) return 0;
    const picked = await jobs.resume(id, {
      ...(limitMicros === undefined ? {} : { limitMicros }),
      everything: id === undefined,
    });
    const release = onInterrupt(jobs, () => picked.map((j) => j.id));
    try {
      // Finished jobs whose unknowns are due to be asked again: asked now, their files saved again.
      const asked = await dueRounds(jobs, id);
      let askedCode = 0;
      for (const done of asked) askedCode ||= await report(jobs, dataDir, done, values);
      const owed = await owedExports(jobs, dataDir, id);
      if (picked.length === 0 && owed.length === 0 && asked.length > 0) return askedCode;
      if (picked.length === 0 && owed.length === 0) {
        if (
          (await connectorsFor(dataDir, jobs).unfinished()).some(
            (w) => id === undefined || w.jobId === id,
          )
        ) {
          return await carryOnWriteBacks(jobs, dataDir, id, values);
        }
        const left = id === undefined ? await leftLines(jobs) : [];
        out(
          id
            ? t('cli.resume.nothingLeft', { id })
            : left.length > 0
              ? t('cli.resume.noneByItself')
              : t('cli.resume.noneUnfinished'),
        );
        for (const line of left) err(line);
        return 0;
      }
      let code = askedCode;
      for (const job of picked) {
        if (job.elsewhere) {
          // Two runners would check, and charge, the same addresses twice.
          err(
            `list-cleaner: ${t('cli.resume.runningElsewhere', {
              id: job.id,
              fileName: job.fileName,
              where: job.elsewhere,
            })}`,
          );
          code = code || 1;
          continue;
        }
        const done = await jobs.finished(job.id);
        progress.done();
        code = code || (await report(jobs, dataDir, done, values));
      }
      for (const { job, intent } of owed)
        code = (await writeOwed(jobs, dataDir, job, intent, values)) || code;
      code = code || (await carryOnWriteBacks(jobs, dataDir, id, values));
      if (id === undefined) for (const line of await leftLines(jobs, picked)) err(line);
      return code;
    } finally {
      release();
    }
  });
}

/**
 * Jobs done checking whose `clean` was killed before it saved the file it was
 * asked for (all of them, or the one named): nothing to send, the file owed.
 */
async function owedExports(
  jobs: Jobs,
  dataDir: string,
  id: string | undefined,
): Promise<{ job: JobView; intent: ExportIntent }[]> {
  const owed: { job: JobView; intent: ExportIntent }[] = [];
  const candidates = id === undefined ? await jobs.list() : [await jobs.get(id)];
  for (const job of candidates) {
    if (job.state !== 'done' || job.elsewhere) continue;
    const intent = await loadExportIntent(dataDir, job.id);
    if (exportOwed(intent)) owed.push({ job, intent });
  }
  return owed;
}

/** The file an interrupted `clean` was to save, and the mark that it is saved. */
async function saveWanted(jobs: Jobs, dataDir: string, job: JobView, wanted: ExportIntent) {
  const written = await writeExport(jobs, job, wanted, wanted.out);
  await markExportWritten(dataDir, job.id, new Date());
  return written;
}

/** A job done before the last run stopped, whose file is saved now: said as such. */
async function writeOwed(
  jobs: Jobs,
  dataDir: string,
  job: JobView,
  intent: ExportIntent,
  values: Values,
): Promise<number> {
  const written = await saveWanted(jobs, dataDir, job, intent);
  if (values.json) {
    out(
      JSON.stringify({
        ...job,
        out: written.path,
        grade: gradeJson(job),
        may_be_charged_twice: chargedTwiceJson(job),
        carried_on: true,
      }),
    );
  } else {
    out(`${job.id}  ${describeJob(job)}`);
    for (const line of chargedTwiceLines(job)) out(line);
    out(t('cli.resume.exportOwed', { fileName: visibleLine(job.fileName) }));
    out(savedLine(written));
  }
  return 0;
}

/** One job as it ended: its line (or JSON), the export it was to write; its exit code. */
async function report(jobs: Jobs, dataDir: string, done: JobView, values: Values) {
  const wanted = done.state === 'done' ? await loadExportIntent(dataDir, done.id) : null;
  const written = wanted ? await saveWanted(jobs, dataDir, done, wanted) : null;
  const grade = gradeJson(done);
  if (values.json)
    out(
      JSON.stringify({
        ...done,
        ...(written ? { out: written.path } : {}),
        grade,
        may_be_charged_twice: chargedTwiceJson(done),
        carried_on: true,
      }),
    );
  else {
    out(`${done.id}  ${describeJob(done)}`);
    for (const line of gradeLines(done)) out(line);
    for (const line of chargedTwiceLines(done)) out(line);
    for (const line of askAgainLines(done)) out(line);
    if (written) out(savedLine(written));
  }
  if (done.hold) return reportHeld(done);
  return done.state === 'failed' ? 1 : 0;
}

/** Write-backs a `clean` of a platform list asked for and did not finish: carried on, each member written once. */
async function carryOnWriteBacks(
  jobs: Jobs,
  dataDir: string,
  id: string | undefined,
  values: Values,
): Promise<number> {
  const connectors = connectorsFor(dataDir, jobs);
  let code = 0;
  for (const w of await connectors.unfinished()) {
    if (id !== undefined && w.jobId !== id) continue;
    const job = await jobs.get(w.jobId).catch(() => null);
    if (job?.state !== 'done') continue;
    try {
      const report = await connectors.writeBack(w.jobId, { retire: w.retire });
      if (values.json) out(JSON.stringify({ id: w.jobId, write_back: report }));
      else for (const line of reportLines(report)) out(line);
    } catch (e) {
      const reason = e instanceof Error ? sayError(e, cliWords().t) : String(e);
      const command = `list-cleaner resume ${w.jobId}`;
      err(`list-cleaner: ${t('cli.carryOnWith', { reason, command })}`);
      code = 1;
    }
  }
  return code;
}
