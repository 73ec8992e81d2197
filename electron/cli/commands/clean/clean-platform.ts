// `list-cleaner clean <platform>:<list-id>`: reads the list's members from the
// platform into a job, checks it as a file is checked (every option of a file
// clean applies), writes each member's verdict back (--write-back tags, the
// default; none to leave the platform as it is) and, only when asked with
// --archive-undeliverable and answered yes (or --yes), unsubscribes or
// archives the undeliverable members. --out also saves the cleaned rows.
// What is to be written back is kept with the job before it starts, so
// `list-cleaner resume` finishes it after a crash.
import { resolve } from 'node:path';
import {
  MEMBER_CHOICES,
  PLATFORM_NAMES,
  type MemberChoice,
  type PlatformId,
} from '../../../common/catalogs/platforms';
import { connectorOf, type Connectors, type WriteBackPlan } from '../../../connectors/connectors';
import type { RetireMode } from '../../../connectors/types';
import type { WriteBackReport } from '../../../connectors/connectors';
import type { JobView } from '../../../ipc/contract';
import { message } from '../../../common/i18n/message';
import { platformListName } from '../../../common/words/platform-list-name';
import { verdictHow } from '../../../common/views/platform-views';
import { AppError } from '../../../lib/app-error';
import { exportDestinationProblem } from '../../../lists/write/export-name';
import { UsageError, parsePatience, type Values } from '../../args/args';
import { checkCostFlags, costChoicesOf } from '../../args/cost-options';
import { parseKeep } from '../../args/keep';
import { describeJob, type Progress } from '../../output/output';
import { askYes, connectorsFor } from '../../platforms';
import { err, out } from '../../output/print';
import { bare, t } from '../../output/say';
import { parseFormat, savedLine, writeExport } from './clean-export';
import { markExportWritten, saveExportIntent } from '../../../jobs/results/intent';
import { checkToEnd, failedJob, parseProduct } from './clean-start';
import { gradeLines, jobSummary, reportHeld } from './job-report';
import { onInterrupt, openJobsWithProgress, withConnection } from '../shared';

function parseMembers(value: string | undefined): MemberChoice {
  if (value === undefined) return 'subscribed';
  if ((MEMBER_CHOICES as readonly string[]).includes(value)) return value as MemberChoice;
  throw new UsageError(message('cli.usage.members'));
}

function parseWriteBack(value: string | undefined): 'tags' | 'none' {
  if (value === undefined || value === 'tags') return 'tags';
  if (value === 'none') return 'none';
  throw new UsageError(message('cli.usage.writeBack'));
}

/** Archive where the platform has it, else unsubscribe; refused before anything is read where it has neither. */
function retireModeOf(platform: PlatformId, values: Values): RetireMode | null {
  if (!values['archive-undeliverable']) return null;
  if (parseWriteBack(values['write-back']) === 'none') {
    throw new UsageError(message('cli.usage.archiveNeedsWriteBack'));
  }
  const modes = connectorOf(platform).retireModes;
  const mode = modes.includes('archive') ? 'archive' : modes[0];
  if (mode === undefined) {
    throw new AppError(
      'invalid_input',
      message('error.cli.cannotRetire', { name: PLATFORM_NAMES[platform] }),
    );
  }
  return mode;
}

/** One line a verdict: how many members get which, and what is left as it was. */
export function planLines(plan: WriteBackPlan): string[] {
  const name = PLATFORM_NAMES[plan.platform];
  const where = {
    list: platformListName(t, plan.platform, plan.listName),
    platform: name,
    how: verdictHow(t, plan.platform, '<status>'),
  };
  const lines = [
    plan.dated
      ? t('cli.writeBack.planDated', { ...where, day: plan.checkedAt })
      : t('cli.writeBack.plan', where),
  ];
  for (const [status, count] of Object.entries(plan.counts.write)) {
    if (count) lines.push(`  ${t('cli.writeBack.planStatus', { status, count })}`);
  }
  if (plan.counts.unchanged > 0)
    lines.push(`  ${t('cli.writeBack.planUnchanged', { count: plan.counts.unchanged })}`);
  if (plan.counts.skipped > 0)
    lines.push(`  ${t('cli.writeBack.planSkipped', { count: plan.counts.skipped })}`);
  return lines;
}

export function reportLines(report: WriteBackReport): string[] {
  const name = PLATFORM_NAMES[report.platform];
  const c = report.counts;
  const lines = [
    t('cli.writeBack.report', {
      list: platformListName(t, report.platform, report.listName),
      platform: name,
      written: c.written,
      unchanged: report.plan.unchanged,
      refused: c.refused,
    }),
  ];
  if (report.retire !== null) {
    const retired = { mode: report.retire, count: c.retired, refused: c.retireRefused };
    lines.push(
      c.retireRefused
        ? t('cli.writeBack.retiredSomeRefused', retired)
        : t('cli.writeBack.retired', retired),
    );
  }
  const shown = report.refusals.slice(0, 5);
  for (const r of shown) {
    lines.push(`  ${t('cli.writeBack.refused', { email: r.email, reason: r.reason })}`);
  }
  const more = c.refused + c.retireRefused - shown.length;
  if (more > 0) lines.push(`  ${t('cli.writeBack.moreRefused', { count: more })}`);
  return lines;
}

/** The yes the retire step needs: --yes, or the person at the terminal. */
async function confirmRetire(
  plan: WriteBackPlan,
  mode: RetireMode,
  values: Values,
): Promise<boolean> {
  if (plan.counts.retirable === 0) return false;
  const name = PLATFORM_NAMES[plan.platform];
  const question = t('cli.writeBack.askRetire', {
    mode,
    count: plan.counts.retirable,
    list: platformListName(t, plan.platform, plan.listName),
    platform: name,
  });
  if (values.yes) return true;
  if (await askYes(question)) return true;
  err(t('cli.writeBack.notRetired', { mode }));
  return false;
}

async function writeBack(
  connectors: Connectors,
  id: string,
  mode: RetireMode | null,
  values: Values,
  progress: Progress,
): Promise<WriteBackReport> {
  const plan = await connectors.plan(id);
  if (!values.json) for (const line of planLines(plan)) err(line);
  const retire = mode !== null && (await confirmRetire(plan, mode, values)) ? mode : null;
  await connectors.intend(id, retire);
  const report = await connectors.writeBack(id, {
    retire,
    onProgress: (p) =>
      progress.step(
        t(p.phase === 'retire' ? 'cli.writeBack.retiring' : 'cli.writeBack.writing', {
          done: p.done,
          total: p.total,
        }),
      ),
  });
  progress.done();
  return report;
}

export async function run(
  values: Values,
  target: { platform: PlatformId; listId: string },
): Promise<number> {
  const { platform, listId } = target;
  const choice = parseMembers(values.members);
  const mode = retireModeOf(platform, values);
  const wanted = parseWriteBack(values['write-back']);
  const format = parseFormat(values.format, 'list.csv');
  const destPath = values.out === undefined ? null : resolve(values.out);
  if (destPath !== null) {
    const problem = await exportDestinationProblem(destPath, {});
    if (problem) {
      throw new AppError('bad_file', message('error.cli.destinationNothingRead', { problem }));
    }
  }
  const product = parseProduct(values.product);
  parseKeep(values.keep, values.domain);
  checkCostFlags(values);
  parsePatience(values.patience);
  return withConnection(values, async (connection) => {
    const choices = costChoicesOf(values, connection.costDefaults);
    const { progress, jobs } = await openJobsWithProgress(connection, values);
    const connectors = connectorsFor(connection.dataDir, jobs);
    let id: string | null = null;
    const release = onInterrupt(jobs, () => (id ? [id] : []));
    try {
      const name = PLATFORM_NAMES[platform];
      const { job, list } = await connectors.importList(platform, listId, {
        choice,
        onProgress: (p) =>
          progress.step(
            p.total === null
              ? t('cli.platform.reading', { platform: name, members: p.members })
              : t('cli.platform.readingOfAbout', {
                  platform: name,
                  members: p.members,
                  total: p.total,
                }),
          ),
      });
      id = job.id;
      if (wanted === 'tags') await connectors.intend(job.id, null);
      // --out is owed as a file's is: `resume` writes it after a kill.
      if (destPath !== null) {
        await saveExportIntent(connection.dataDir, job.id, {
          out: destPath,
          keep: values.keep,
          domain: values.domain,
          bom: values.bom,
          flags: values.flags,
          risk: values.risk,
          format,
        });
      }
      progress.done();
      err(
        t('cli.platform.imported', {
          fileName: job.fileName,
          choice,
          rows: job.rows,
          unique: job.unique,
          invalid: bare(job.invalid),
          repeats: bare(job.duplicates),
        }),
      );
      const finished = await checkToEnd(jobs, job, list, { product, choices, values, progress });
      if (typeof finished === 'number') return finished;
      if (finished.hold) return reportHeld(finished);
      if (finished.state === 'failed') throw failedJob(finished);
      const saved =
        destPath === null
          ? null
          : await writeExport(jobs, finished, { ...values, format }, destPath);
      if (saved) await markExportWritten(connection.dataDir, finished.id, new Date());
      const report =
        wanted === 'tags' ? await writeBack(connectors, finished.id, mode, values, progress) : null;
      printOutcome(finished, saved, report, values);
      return 0;
    } finally {
      release();
    }
  });
}

function printOutcome(
  job: JobView,
  saved: Awaited<ReturnType<typeof writeExport>> | null,
  report: WriteBackReport | null,
  values: Values,
): void {
  if (values.json) {
    out(JSON.stringify({ ...jobSummary(job), out: saved?.path ?? null, write_back: report }));
    return;
  }
  out(describeJob(job));
  for (const line of gradeLines(job)) out(line);
  if (saved) out(savedLine(saved));
  if (report) for (const line of reportLines(report)) out(line);
  else if (job.source)
    out(t('cli.writeBack.none', { platform: PLATFORM_NAMES[job.source.platform] }));
}
