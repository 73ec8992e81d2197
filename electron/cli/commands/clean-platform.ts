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
} from '../../common/platforms';
import { connectorOf, type Connectors, type WriteBackPlan } from '../../connectors/connectors';
import type { RetireMode } from '../../connectors/types';
import type { WriteBackReport } from '../../connectors/connectors';
import type { JobView } from '../../ipc/contract';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { exportDestinationProblem } from '../../lists/export-name';
import { UsageError, parsePatience, type Values } from '../args';
import { checkCostFlags, costChoicesOf } from '../cost-options';
import { parseKeep } from '../keep';
import { describeJob, type Progress } from '../output';
import { askYes, connectorsFor } from '../platforms';
import { err, out } from '../print';
import { parseFormat, savedLine, writeExport } from './clean-export';
import { checkToEnd, failedJob, parseProduct } from './clean-start';
import { gradeLines, jobSummary, reportHeld } from './job-report';
import { onInterrupt, openJobsWithProgress, withConnection } from './shared';

const n = (v: number) => v.toLocaleString('en-US');

function parseMembers(value: string | undefined): MemberChoice {
  if (value === undefined) return 'subscribed';
  if ((MEMBER_CHOICES as readonly string[]).includes(value)) return value as MemberChoice;
  throw new UsageError('--members takes subscribed or all');
}

function parseWriteBack(value: string | undefined): 'tags' | 'none' {
  if (value === undefined || value === 'tags') return 'tags';
  if (value === 'none') return 'none';
  throw new UsageError('--write-back takes tags or none');
}

/** Archive where the platform has it, else unsubscribe; refused before anything is read where it has neither. */
function retireModeOf(platform: PlatformId, values: Values): RetireMode | null {
  if (!values['archive-undeliverable']) return null;
  if (parseWriteBack(values['write-back']) === 'none') {
    throw new UsageError(
      '--archive-undeliverable writes to the platform: leave out --write-back none',
    );
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
  const lines = [
    `Write-back to ${plan.listName} on ${name}: each member gets ${plan.how}${plan.dated ? `, dated ${plan.checkedAt}` : ''}.`,
  ];
  for (const [status, count] of Object.entries(plan.counts.write)) {
    if (count) lines.push(`  ${status}: ${n(count)} members`);
  }
  if (plan.counts.unchanged > 0)
    lines.push(`  already marked so: ${n(plan.counts.unchanged)} (left as they are)`);
  if (plan.counts.skipped > 0)
    lines.push(`  not judged (repeats, not checked): ${n(plan.counts.skipped)} (left as they are)`);
  return lines;
}

export function reportLines(report: WriteBackReport): string[] {
  const name = PLATFORM_NAMES[report.platform];
  const c = report.counts;
  const lines = [
    `Written back to ${report.listName} on ${name}: ${n(c.written)} written, ${n(report.plan.unchanged)} unchanged, ${n(c.refused)} refused by ${name}.`,
  ];
  if (report.retire !== null) {
    const verb = report.retire === 'archive' ? 'archived' : 'unsubscribed';
    lines.push(
      `${n(c.retired)} undeliverable members ${verb}${c.retireRefused ? `, ${n(c.retireRefused)} refused` : ''}; nothing was deleted.`,
    );
  }
  const shown = report.refusals.slice(0, 5);
  for (const r of shown) lines.push(`  refused: ${r.email}: ${r.reason}`);
  const more = c.refused + c.retireRefused - shown.length;
  if (more > 0) lines.push(`  and ${n(more)} more refused.`);
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
  const verb = mode === 'archive' ? 'Archive' : 'Unsubscribe';
  const question = `${verb} ${n(plan.counts.retirable)} undeliverable members of ${plan.listName} on ${name}? They stay in ${name}; nothing is deleted.`;
  if (values.yes) return true;
  if (await askYes(question)) return true;
  err(
    `Not ${mode === 'archive' ? 'archived' : 'unsubscribed'}: that needs your yes on a terminal, or --yes. The verdicts are written all the same.`,
  );
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
        `${p.phase === 'retire' ? 'Retiring' : 'Writing back'}: ${n(p.done)} of ${n(p.total)} members`,
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
            `Reading from ${name}: ${n(p.members)}${p.total === null ? '' : ` of about ${n(p.total)}`} members`,
          ),
      });
      id = job.id;
      if (wanted === 'tags') await connectors.intend(job.id, null);
      progress.done();
      const members =
        choice === 'subscribed'
          ? 'subscribed members (--members all reads every one)'
          : 'members, subscribed or not';
      err(
        `${job.fileName}: ${n(job.rows)} ${members}; ${n(job.unique)} to check, ${job.invalid} invalid, ${job.duplicates} repeats.`,
      );
      const finished = await checkToEnd(jobs, job, list, { product, choices, values, progress });
      if (typeof finished === 'number') return finished;
      if (finished.hold) return reportHeld(finished);
      if (finished.state === 'failed') throw failedJob(finished);
      const saved =
        destPath === null
          ? null
          : await writeExport(jobs, finished, { ...values, format }, destPath);
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
    out(`Nothing was written to ${PLATFORM_NAMES[job.source.platform]} (--write-back none).`);
}
