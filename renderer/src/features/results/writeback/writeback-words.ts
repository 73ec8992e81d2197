// What the write-back panel says, as pure functions: the plan (per result,
// how many members and what they get), the optional retire step, the
// progress, and the report (written, unchanged, refused, retired).
import type {
  RetireMode,
  WorkCounts,
  WriteBackPlan,
  WriteBackReport,
} from '../../../../../electron/common/platform-views';
import {
  PLATFORM_NAMES,
  VERDICT_STATUSES,
  type VerdictStatus,
} from '../../../../../electron/common/platforms';
import { formatDate, formatNumber, plural } from '../../../format';
import { OUTCOME_LABEL } from '../outcomes';

/** Writing back sends nothing to the verification service. */
export const FREE_NOTE =
  'Writing back is free: it checks no address again, and nothing is charged to your account.';

const members = (n: number) => plural(n, 'member', 'members');

/** The day a verdict is dated (YYYY-MM-DD), at noon so no time zone moves it to another day. */
export const checkedDay = (day: string): string => formatDate(`${day}T12:00:00`);

/** The placeholder main's words use for a member's own result ('the tag "list-cleaner: <status>"'). */
const STATUS_SLOT = '<status>';

/** "Each member gets the properties …, dated Mar 3, 2026, the day the list was checked." */
export function howLine(plan: Pick<WriteBackPlan, 'how' | 'checkedAt' | 'dated'>): string {
  const dated = plan.dated
    ? `, dated ${checkedDay(plan.checkedAt)}, the day the list was checked`
    : '';
  return `Each member gets ${plan.how.replace(STATUS_SLOT, '…')}${dated}.`;
}

/** What a member with this result carries afterwards: the tag's whole text, or the value written. */
export function writtenAs(how: string, status: VerdictStatus): string {
  const tag = /"([^"]*<status>[^"]*)"/.exec(how)?.[1];
  return tag ? tag.replace(STATUS_SLOT, status) : status;
}

export interface PlanRow {
  status: VerdictStatus;
  label: string;
  members: number;
  writtenAs: string;
}

/** One row per result with members to write, in the results' order. */
export function planRows(plan: Pick<WriteBackPlan, 'counts' | 'how'>): PlanRow[] {
  return VERDICT_STATUSES.flatMap((status) => {
    const n = plan.counts.write[status] ?? 0;
    if (n === 0) return [];
    return [
      { status, label: OUTCOME_LABEL[status], members: n, writtenAs: writtenAs(plan.how, status) },
    ];
  });
}

export const toWrite = (counts: WorkCounts): number =>
  Object.values(counts.write).reduce((a, b) => a + (b ?? 0), 0);

/** The plan's other counts: members left as they are, rows with nothing to write. */
export function planNotes(counts: WorkCounts): string[] {
  const notes: string[] = [];
  if (counts.unchanged > 0) {
    notes.push(
      `${members(counts.unchanged)} already carry this result from an earlier write-back: left as they are.`,
    );
  }
  if (counts.skipped > 0) {
    notes.push(
      `${plural(counts.skipped, 'row has', 'rows have')} no result to write (a repeat of an address, or an address not checked): left as they are.`,
    );
  }
  return notes;
}

/** The retire step a platform offers: archive where it can (members can be brought back), else unsubscribe. */
export function retireModeOf(
  plan: Pick<WriteBackPlan, 'retireModes' | 'counts'>,
): RetireMode | null {
  if (plan.counts.retirable === 0) return null;
  if (plan.retireModes.includes('archive')) return 'archive';
  return plan.retireModes[0] ?? null;
}

const RETIRE_VERB: Record<RetireMode, { verb: string; doing: string; done: string }> = {
  archive: { verb: 'archive', doing: 'Archiving', done: 'archived' },
  unsubscribe: { verb: 'unsubscribe', doing: 'Unsubscribing', done: 'unsubscribed' },
};

/** The retire box's label and what it means, nothing deleted. */
export function retireWords(
  plan: Pick<WriteBackPlan, 'platform' | 'counts'>,
  mode: RetireMode,
): { label: string; hint: string } {
  const name = PLATFORM_NAMES[plan.platform];
  const n = plan.counts.retirable;
  const label = `Also ${RETIRE_VERB[mode].verb} the ${formatNumber(n)} undeliverable ${n === 1 ? 'member' : 'members'}`;
  const what =
    mode === 'archive'
      ? `Archived members stay in ${name} with their history and can be added back; they are no longer mailed or counted.`
      : `Unsubscribed members stay in ${name}; they are no longer mailed.`;
  return {
    label,
    hint: `${what} Nothing is deleted. List Cleaner asks you once more, in its own window, before it does.`,
  };
}

/** The panel's heading line for a report. */
export function reportTitle(report: Pick<WriteBackReport, 'state' | 'platform'>): string {
  const name = PLATFORM_NAMES[report.platform];
  switch (report.state) {
    case 'writing':
      return `Writing back to ${name}…`;
    case 'done':
      return `Written back to ${name}`;
    case 'failed':
      return `The write-back to ${name} stopped`;
  }
}

/** "Writing results: 1,200 of 5,000 members", or the retire step's. */
export function progressLine(
  report: Pick<WriteBackReport, 'phase' | 'retire'>,
  progress: { done: number; total: number } | undefined,
): string {
  const step =
    report.phase === 'retire' && report.retire
      ? `${RETIRE_VERB[report.retire].doing} the undeliverable members`
      : 'Writing results';
  if (!progress || progress.total === 0) return `${step}…`;
  return `${step}: ${formatNumber(progress.done)} of ${members(progress.total)}`;
}

export interface ReportLine {
  key: 'written' | 'unchanged' | 'refused' | 'retired' | 'retireRefused';
  label: string;
  count: number;
}

/** The report's counts in the user's words; those at zero that say nothing are left out. */
export function reportLines(report: WriteBackReport): ReportLine[] {
  const name = PLATFORM_NAMES[report.platform];
  const lines: ReportLine[] = [
    { key: 'written', label: 'Written', count: report.counts.written },
    { key: 'unchanged', label: 'Already up to date', count: report.plan.unchanged },
    { key: 'refused', label: `Refused by ${name}`, count: report.counts.refused },
  ];
  if (report.retire) {
    const done = RETIRE_VERB[report.retire].done;
    lines.push({
      key: 'retired',
      label: done.replace(/^./, (c) => c.toUpperCase()),
      count: report.counts.retired,
    });
    if (report.counts.retireRefused > 0) {
      lines.push({
        key: 'retireRefused',
        label: `Not ${done}: refused by ${name}`,
        count: report.counts.retireRefused,
      });
    }
  }
  return lines;
}

/** What a stopped write-back did and did not do, and the way on. */
export function failureWords(report: Pick<WriteBackReport, 'counts' | 'error'>): string[] {
  const written = report.counts.written;
  return [
    report.error ?? 'The reason was not recorded.',
    written > 0
      ? `${members(written)} ${written === 1 ? 'was' : 'were'} written before it stopped and keep their result. Try again carries on with the rest.`
      : `Nothing was written. Try again carries on from where it stopped.`,
  ];
}
