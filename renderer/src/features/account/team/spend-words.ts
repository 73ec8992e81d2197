// The team's spend as the Account screen shows it: each month's people and
// the month's total, and the year's total, in whole cents that add up as
// shown (common/money.ts, shareCents): a person's figures and the month's
// total reconcile on the screen, and the months' totals make the year's.
// Pure, so the sums are tested alone.
import { moneyOfCents, shareCents } from '../../../../../electron/common/money';
import type { TeamSpendView } from '../../../../../electron/common/views/team-views';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { formatNumber } from '../../../format';

export interface SpendPersonRow {
  osUser: string;
  machines: string[];
  jobs: number;
  /** The share of the month's shown total, in cents. */
  cents: number;
  micros: number;
  unknownCharges: number;
}

export interface SpendMonth {
  /** "2026-11". */
  key: string;
  /** "November 2026". */
  label: string;
  people: SpendPersonRow[];
  jobs: number;
  cents: number;
  micros: number;
  unknownCharges: number;
}

export interface SpendTable {
  months: SpendMonth[];
  /** The months' shown totals added up: the year's, as shown. */
  cents: number;
  micros: number;
  jobs: number;
  unknownCharges: number;
}

/** "November 2026" of "2026-11", in the user's locale. */
export function monthLabel(key: string, locale?: string): string {
  const [year, month] = key.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(year ?? 1970, (month ?? 1) - 1, 1),
  );
}

export function spendTable(view: TeamSpendView, locale?: string): SpendTable {
  const months = view.months.map((m): SpendMonth => {
    const shares = shareCents(m.people.map((p) => p.chargedMicros));
    return {
      key: m.month,
      label: monthLabel(m.month, locale),
      people: m.people.map((p, i) => ({
        osUser: p.osUser,
        machines: p.machines,
        jobs: p.jobs,
        cents: shares.cents[i] ?? 0,
        micros: p.chargedMicros,
        unknownCharges: p.unknownCharges,
      })),
      jobs: m.people.reduce((n, p) => n + p.jobs, 0),
      cents: shares.total,
      micros: m.people.reduce((n, p) => n + p.chargedMicros, 0),
      unknownCharges: m.people.reduce((n, p) => n + p.unknownCharges, 0),
    };
  });
  return {
    months,
    cents: months.reduce((n, m) => n + m.cents, 0),
    micros: months.reduce((n, m) => n + m.micros, 0),
    jobs: months.reduce((n, m) => n + m.jobs, 0),
    unknownCharges: months.reduce((n, m) => n + m.unknownCharges, 0),
  };
}

/**
 * An amount as shown, saying plainly what is not known: "$4.20", "$4.20 and
 * 1 job not known", "not known" when nothing known was charged.
 */
export function spendWords(
  row: { cents: number; micros: number; unknownCharges: number },
  t: Translate,
  locale?: string,
): string {
  const amount = moneyOfCents(row.cents, row.micros, locale);
  if (row.unknownCharges === 0) return amount;
  if (row.micros === 0) return t('team.spend.notKnown');
  return t('team.spend.someNotKnown', {
    amount,
    n: row.unknownCharges,
    count: formatNumber(row.unknownCharges, locale),
  });
}

/** The computers a person's jobs ran on: "ana-laptop", "ana-laptop and ana-desk", "3 computers". */
export function machinesWords(machines: readonly string[], t: Translate): string {
  const [first = '', second] = machines;
  if (second === undefined) return first;
  if (machines.length === 2) return t('team.spend.twoComputers', { first, second });
  return t('team.spend.computers', {
    n: machines.length,
    count: formatNumber(machines.length),
  });
}
