// The team's spend as the Account screen shows it: each month's people and
// the month's total, and the year's total, exactly and at one precision
// (common/money.ts): a month is the sum of its people's micros and the year
// the sum of the months', so they add up on the screen, and a person's month
// is the sum of their jobs on Team history, to the micro.
// Pure, so the sums are tested alone.
import { money, moneyDecimals, sumMicros } from '../../../../../electron/common/money';
import type { TeamSpendView } from '../../../../../electron/common/views/team-views';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { formatNumber } from '../../../format';

export interface SpendPersonRow {
  osUser: string;
  machines: string[];
  jobs: number;
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
  micros: number;
  unknownCharges: number;
}

export interface SpendTable {
  months: SpendMonth[];
  /** The months' totals added up: the year's. */
  micros: number;
  /** The one precision every figure of the table is shown with. */
  decimals: number;
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
    return {
      key: m.month,
      label: monthLabel(m.month, locale),
      people: m.people.map((p) => ({
        osUser: p.osUser,
        machines: p.machines,
        jobs: p.jobs,
        micros: p.chargedMicros,
        unknownCharges: p.unknownCharges,
      })),
      jobs: m.people.reduce((n, p) => n + p.jobs, 0),
      micros: sumMicros(m.people.map((p) => p.chargedMicros)),
      unknownCharges: m.people.reduce((n, p) => n + p.unknownCharges, 0),
    };
  });
  const micros = sumMicros(months.map((m) => m.micros));
  return {
    months,
    micros,
    decimals: moneyDecimals([
      micros,
      ...months.flatMap((m) => [m.micros, ...m.people.map((p) => p.micros)]),
    ]),
    jobs: months.reduce((n, m) => n + m.jobs, 0),
    unknownCharges: months.reduce((n, m) => n + m.unknownCharges, 0),
  };
}

/**
 * An amount as shown, saying plainly what is not known: "$4.20", "$4.20 and
 * 1 job not known", "not known" when nothing known was charged.
 */
export function spendWords(
  row: { micros: number; unknownCharges: number },
  t: Translate,
  locale?: string,
  decimals?: number,
): string {
  const amount = money(row.micros, { locale, decimals });
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
