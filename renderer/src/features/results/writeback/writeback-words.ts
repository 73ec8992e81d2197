// What the write-back panel says, as pure functions of the window's
// translator: the plan (per result, how many members and what they get), the
// optional retire step, the progress, and the report (written, unchanged,
// refused, retired). What a member is written as (the tag, the value) is the
// platform's, and stays English.
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import type { Translate } from '../../../../../electron/common/i18n/message';
import {
  verdictHow,
  type RetireMode,
  type WorkCounts,
  type WriteBackPlan,
  type WriteBackReport,
} from '../../../../../electron/common/views/platform-views';
import {
  PLATFORM_NAMES,
  VERDICT_STATUSES,
  type VerdictStatus,
} from '../../../../../electron/common/catalogs/platforms';
import { formatDate, formatNumber } from '../../../format';

/** Writing back sends nothing to the verification service. */
export const freeNote = (t: Translate): string => t('writeback.free');

/** The day a verdict is dated (YYYY-MM-DD), at noon so no time zone moves it to another day. */
export const checkedDay = (day: string): string => formatDate(`${day}T12:00:00`);

/** The placeholder main's words use for a member's own result ('the tag "list-cleaner: <status>"'). */
const STATUS_SLOT = '<status>';

/** "Each member gets the properties …, dated Mar 3, 2026, the day the list was checked." */
export function howLine(
  t: Translate,
  plan: Pick<WriteBackPlan, 'platform' | 'checkedAt' | 'dated'>,
): string {
  const how = verdictHow(t, plan.platform, '…');
  return plan.dated
    ? t('writeback.how.dated', { how, day: checkedDay(plan.checkedAt) })
    : t('writeback.how.undated', { how });
}

/** What a member with this result carries afterwards: the tag's whole text, or the value written. */
export function writtenAs(how: string, status: VerdictStatus): string {
  const tag = /"([^"]*<status>[^"]*)"/.exec(how)?.[1];
  return tag ? tag.replace(STATUS_SLOT, status) : status;
}

const RESULT_IDS = {
  deliverable: 'writeback.result.deliverable',
  undeliverable: 'writeback.result.undeliverable',
  unknown: 'writeback.result.unknown',
  invalid: 'writeback.result.invalid',
  disposable: 'writeback.result.disposable',
  role: 'writeback.result.role',
} as const satisfies Record<VerdictStatus, MessageId>;

export interface PlanRow {
  status: VerdictStatus;
  label: string;
  members: number;
  writtenAs: string;
}

/** One row per result with members to write, in the results' order. */
export function planRows(t: Translate, plan: Pick<WriteBackPlan, 'counts' | 'how'>): PlanRow[] {
  return VERDICT_STATUSES.flatMap((status) => {
    const n = plan.counts.write[status] ?? 0;
    if (n === 0) return [];
    return [
      { status, label: t(RESULT_IDS[status]), members: n, writtenAs: writtenAs(plan.how, status) },
    ];
  });
}

export const toWrite = (counts: WorkCounts): number =>
  Object.values(counts.write).reduce((a, b) => a + (b ?? 0), 0);

/** The plan's other counts: members left as they are, rows with nothing to write. */
export function planNotes(t: Translate, counts: WorkCounts): string[] {
  const notes: string[] = [];
  if (counts.unchanged > 0) {
    notes.push(
      t('writeback.plan.unchanged', {
        n: counts.unchanged,
        count: formatNumber(counts.unchanged),
      }),
    );
  }
  if (counts.skipped > 0) {
    notes.push(
      t('writeback.plan.skipped', { n: counts.skipped, count: formatNumber(counts.skipped) }),
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

/** Each retire step's words, as the box, the progress and the report say them. */
const RETIRE_IDS = {
  archive: {
    label: 'writeback.retire.archive.label',
    hint: 'writeback.retire.archive.hint',
    doing: 'writeback.progress.archive',
    done: 'writeback.report.archived',
    refused: 'writeback.report.notArchived',
  },
  unsubscribe: {
    label: 'writeback.retire.unsubscribe.label',
    hint: 'writeback.retire.unsubscribe.hint',
    doing: 'writeback.progress.unsubscribe',
    done: 'writeback.report.unsubscribed',
    refused: 'writeback.report.notUnsubscribed',
  },
} as const satisfies Record<RetireMode, Record<string, MessageId>>;

/** The retire box's label and what it means, nothing deleted. */
export function retireWords(
  t: Translate,
  plan: Pick<WriteBackPlan, 'platform' | 'counts'>,
  mode: RetireMode,
): { label: string; hint: string } {
  const n = plan.counts.retirable;
  return {
    label: t(RETIRE_IDS[mode].label, { n, count: formatNumber(n) }),
    hint: t(RETIRE_IDS[mode].hint, { platform: PLATFORM_NAMES[plan.platform] }),
  };
}

/** A platform that offers no retire step: its members are only marked, and how to leave them out. */
export function noRetireLine(
  t: Translate,
  plan: Pick<WriteBackPlan, 'platform' | 'counts'>,
): string {
  const n = plan.counts.retirable;
  return t('writeback.plan.noRetire', {
    platform: PLATFORM_NAMES[plan.platform],
    n,
    count: formatNumber(n),
  });
}

/** The panel's heading line for a report. */
export function reportTitle(
  t: Translate,
  report: Pick<WriteBackReport, 'state' | 'platform'>,
): string {
  const platform = PLATFORM_NAMES[report.platform];
  switch (report.state) {
    case 'writing':
      return t('writeback.report.writing', { platform });
    case 'done':
      return t('writeback.report.done', { platform });
    case 'failed':
      return t('writeback.report.failed', { platform });
  }
}

/** "Writing results: 1,200 of 5,000 members", or the retire step's. */
export function progressLine(
  t: Translate,
  report: Pick<WriteBackReport, 'phase' | 'retire'>,
  progress: { done: number; total: number } | undefined,
): string {
  const step =
    report.phase === 'retire' && report.retire
      ? t(RETIRE_IDS[report.retire].doing)
      : t('writeback.progress.verdicts');
  if (!progress || progress.total === 0) return t('writeback.progress.started', { step });
  return t('writeback.progress.counted', {
    step,
    done: formatNumber(progress.done),
    n: progress.total,
    total: formatNumber(progress.total),
  });
}

export interface ReportLine {
  key: 'written' | 'unchanged' | 'refused' | 'retired' | 'retireRefused';
  label: string;
  count: number;
}

/** The report's counts in the user's words; those at zero that say nothing are left out. */
export function reportLines(t: Translate, report: WriteBackReport): ReportLine[] {
  const platform = PLATFORM_NAMES[report.platform];
  const lines: ReportLine[] = [
    { key: 'written', label: t('writeback.report.written'), count: report.counts.written },
    {
      key: 'unchanged',
      label: t('writeback.report.unchanged'),
      count: report.plan.unchanged,
    },
    {
      key: 'refused',
      label: t('writeback.report.refused', { platform }),
      count: report.counts.refused,
    },
  ];
  if (report.retire) {
    const ids = RETIRE_IDS[report.retire];
    lines.push({ key: 'retired', label: t(ids.done), count: report.counts.retired });
    if (report.counts.retireRefused > 0) {
      lines.push({
        key: 'retireRefused',
        label: t(ids.refused, { platform }),
        count: report.counts.retireRefused,
      });
    }
  }
  return lines;
}

/** What a stopped write-back did and did not do, and the way on; the reason is main's, as the report keeps it. */
export function failureWords(
  t: Translate,
  report: Pick<WriteBackReport, 'counts' | 'error'>,
): string[] {
  const written = report.counts.written;
  return [
    report.error ?? t('writeback.failed.noReason'),
    written > 0
      ? t('writeback.failed.some', { n: written, count: formatNumber(written) })
      : t('writeback.failed.none'),
  ];
}
