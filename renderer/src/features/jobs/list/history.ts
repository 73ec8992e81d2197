// The Jobs screen as a history: finding a job by its file name, and the jobs
// of each month together with what that month checked and cost (older months
// folded, JobHistory.tsx). Pure, so the
// rules (what matches, what a month's charge honestly is) are tested alone.
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { JobView } from '../../../../../electron/ipc/contract';
import { formatNumber, formatUsd, moneyDecimals } from '../../../format';

/**
 * Jobs of more than one month are grouped by month: past this month, "when
 * was that?" is the question, and a month's heading with its totals answers
 * it. One month alone is a plain list, its heading would say nothing.
 */
export function groupsByMonth(jobs: readonly Pick<JobView, 'createdAt'>[]): boolean {
  const first = jobs[0];
  return (
    first !== undefined && jobs.some((j) => monthKey(j.createdAt) !== monthKey(first.createdAt))
  );
}

/** Case and accents set aside, so "cafe" finds "Café.csv" and "ÉTÉ" finds "été". */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The jobs whose file name holds the query (trimmed; empty: every job), in their order. */
export function searchJobs<J extends Pick<JobView, 'fileName'>>(
  jobs: readonly J[],
  query: string,
): J[] {
  const wanted = foldName(query.trim());
  if (wanted === '') return [...jobs];
  return jobs.filter((j) => foldName(j.fileName).includes(wanted));
}

/** "3 of 12 jobs" while a search is typed (even when all match); "12 jobs" otherwise. */
export function shownWords(shown: number, total: number, searching: boolean, t: Translate): string {
  const count = formatNumber(total);
  return searching
    ? t('jobs.history.shown', { shown: formatNumber(shown), total, count })
    : t('jobs.history.count', { total, count });
}

export type HistoryJob = Pick<
  JobView,
  'id' | 'createdAt' | 'unique' | 'chargedMicros' | 'paid' | 'failure' | 'mayBeChargedTwice'
>;

/**
 * What a month's jobs may have been charged twice: addresses checked again
 * after their answer was lost (cut off on the way, or in flight at a kill),
 * and at most what that cost. `unpriced`: some of them at a price not known
 * yet, so only the count is said, never an amount made up.
 */
export interface ChargedTwice {
  addresses: number;
  upToMicros: number;
  unpriced: boolean;
}

export interface MonthGroup<J extends HistoryJob> {
  /** "2026-11", in the user's time zone. */
  key: string;
  /** "November 2026". */
  label: string;
  jobs: J[];
  /** Unique addresses of its lists. */
  addresses: number;
  /** What its jobs were charged, where the price is known. */
  chargedMicros: number;
  /** Jobs that may have been charged an amount not known here (no price learned, an answer lost). */
  unknownCharges: number;
  twice: ChargedTwice;
  /**
   * The month's one precision for money, the most its jobs' charges need
   * (common/money.ts): its rows and its total shown alike, "$0.010 + $0.004 =
   * $0.014", so what is shown adds up as shown.
   */
  decimals: number;
}

/**
 * A job was charged an amount not known here: answers were paid for at a
 * price never learned, or an answer went missing on the way and may have been
 * charged. A job with no paid answer and nothing lost was charged nothing.
 */
export function chargeUnknown(job: Pick<JobView, 'chargedMicros' | 'paid' | 'failure'>): boolean {
  if (job.failure?.charged === 'unknown') return true;
  return job.chargedMicros === null && job.paid > 0;
}

const monthOf = (iso: string): Date => {
  const at = new Date(iso);
  return new Date(at.getFullYear(), at.getMonth(), 1);
};

export function monthKey(iso: string): string {
  const m = monthOf(iso);
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}`;
}

export function monthLabel(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(monthOf(iso));
}

/** The jobs by month of creation, newest month first, each month's jobs newest first. */
export function groupByMonth<J extends HistoryJob>(
  jobs: readonly J[],
  locale?: string,
): MonthGroup<J>[] {
  const sorted = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const groups: MonthGroup<J>[] = [];
  for (const job of sorted) {
    const key = monthKey(job.createdAt);
    let group = groups.at(-1);
    if (group?.key !== key) {
      group = {
        key,
        label: monthLabel(job.createdAt, locale),
        jobs: [],
        addresses: 0,
        chargedMicros: 0,
        unknownCharges: 0,
        twice: { addresses: 0, upToMicros: 0, unpriced: false },
        decimals: 2,
      };
      groups.push(group);
    }
    const twice = job.mayBeChargedTwice;
    group.twice.addresses += twice.addresses;
    if (twice.upToMicros === null) group.twice.unpriced = true;
    else group.twice.upToMicros += twice.upToMicros;
    group.jobs.push(job);
    group.addresses += job.unique;
    if (job.chargedMicros !== null) group.chargedMicros += job.chargedMicros;
    if (chargeUnknown(job)) group.unknownCharges += 1;
  }
  for (const group of groups) {
    const charges = group.jobs.flatMap((j) => (j.chargedMicros === null ? [] : [j.chargedMicros]));
    group.decimals = moneyDecimals([...charges, group.chargedMicros]);
  }
  return groups;
}

/**
 * What a month cost, saying plainly what is not known: "$4.20 charged",
 * "nothing charged", "$4.20 charged, plus 1 job whose charge is not known",
 * or, when nothing known was charged but some job's charge is not known,
 * "charge unknown".
 */
export function chargeWords(
  group: Pick<MonthGroup<HistoryJob>, 'chargedMicros' | 'unknownCharges' | 'decimals'>,
  t: Translate,
): string {
  const { chargedMicros, unknownCharges, decimals } = group;
  if (unknownCharges === 0) {
    return chargedMicros === 0
      ? t('jobs.month.nothingCharged')
      : t('jobs.month.charged', { amount: formatUsd(chargedMicros, undefined, decimals) });
  }
  if (chargedMicros === 0) return t('jobs.month.chargeUnknown');
  return t('jobs.month.chargedPlusUnknown', {
    amount: formatUsd(chargedMicros, undefined, decimals),
    jobs: unknownCharges,
    count: formatNumber(unknownCharges),
  });
}

/** A month's heading, which also opens it: "October 2026 · 14 lists". */
export function monthTitle(
  group: Pick<MonthGroup<HistoryJob>, 'label' | 'jobs'>,
  t: Translate,
): string {
  const lists = group.jobs.length;
  return t('jobs.month.title', { month: group.label, lists, count: formatNumber(lists) });
}

/** The month that holds `nowMs` (the user's time zone), if any of the jobs is of it. */
export function thisMonth<J extends HistoryJob>(
  jobs: readonly J[],
  nowMs: number,
): MonthGroup<J> | null {
  const key = monthKey(new Date(nowMs).toISOString());
  return groupByMonth(jobs).find((g) => g.key === key) ?? null;
}

/** "up to $0.10 possibly charged twice", or the count while a price is not known; null for none. */
export function twiceWords(twice: ChargedTwice, t: Translate): string | null {
  if (twice.addresses === 0) return null;
  return twice.unpriced
    ? t('jobs.month.twiceUnpriced', {
        n: twice.addresses,
        count: formatNumber(twice.addresses),
      })
    : t('jobs.month.twice', { amount: formatUsd(twice.upToMicros) });
}

/**
 * The line under a month's heading: "1,234 addresses · $4.20 charged", and
 * what may have been charged twice when anything may ("· up to $0.10
 * possibly charged twice").
 */
export function monthFacts(group: MonthGroup<HistoryJob>, t: Translate): string {
  const addresses = t('jobs.addresses', {
    n: group.addresses,
    count: formatNumber(group.addresses),
  });
  const twice = twiceWords(group.twice, t);
  return [addresses, chargeWords(group, t), ...(twice === null ? [] : [twice])].join(' · ');
}
