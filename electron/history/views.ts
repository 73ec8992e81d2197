// What the window and the command line are shown of the team's history and
// spend: the store of the moment (never for the demo), the account's rows of
// it (history.ts), and which jobs were run here. The window names nothing but
// a page; the account, the store and the time zone are main's.
import { DEMO_MEMORY } from '../lib/account-name';
import type { TeamHistoryView, TeamSpendView } from '../common/views/team-views';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { readHistory, readSpend } from './team';
import type { TeamStore } from '../team/store';

/** The twelve months a year of spend shows: this one and the eleven before. */
export const SPEND_MONTHS = 12;

export interface TeamHistoryOptions {
  /** The store of the moment; null when none is set. */
  store: () => Promise<TeamStore | null>;
  /** The current account's name in the memory (and the store); null with no account. */
  account: () => string | null;
  /** Who runs List Cleaner here, to tell the jobs run here. */
  who: () => { osUser: string; machine: string };
  /** Sends the summaries kept on disk first, so the user's own finished jobs are there too. */
  beforeRead?: () => Promise<void>;
  /** The user's time zone, whose calendar the months follow; the system's by default. */
  timeZone?: () => string;
  now?: () => Date;
}

export interface TeamHistory {
  history(page: { offset: number; limit: number }): Promise<TeamHistoryView>;
  spend(): Promise<TeamSpendView>;
}

const systemTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** "2026-11" of a year and a month (1–12), however far back. */
const monthKey = (year: number, month: number): string => {
  const at = new Date(Date.UTC(year, month - 1, 1));
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The month `now` is in, in `timeZone`, as year and month. */
function monthIn(now: Date, timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

export function openTeamHistory(options: TeamHistoryOptions): TeamHistory {
  async function storeAndAccount(): Promise<{ store: TeamStore; account: string }> {
    const account = options.account();
    if (account === null) {
      throw new AppError('no_account', message('error.team.history.noAccount'));
    }
    if (account === DEMO_MEMORY) {
      throw new AppError('invalid_input', message('error.team.history.demo'));
    }
    const store = await options.store();
    if (store === null) {
      throw new AppError('invalid_input', message('error.team.history.noStore'));
    }
    return { store, account };
  }

  return {
    async history(page) {
      const { store, account } = await storeAndAccount();
      // A summary that could not be sent before is no reason not to show the others.
      await options.beforeRead?.().catch(() => undefined);
      const found = await store.withClient((client) => readHistory(client, account, page));
      const here = options.who();
      return {
        total: found.total,
        offset: page.offset,
        unreadable: found.unreadable,
        jobs: found.summaries.map((s) => ({
          id: s.id,
          listName: s.listName,
          osUser: s.osUser,
          machine: s.machine,
          here: s.osUser === here.osUser && s.machine === here.machine,
          product: s.product,
          finishedAt: s.finishedAt,
          ...s.counts,
          chargedMicros: s.chargedMicros,
        })),
      };
    },

    async spend() {
      const { store, account } = await storeAndAccount();
      await options.beforeRead?.().catch(() => undefined);
      const timeZone = options.timeZone?.() ?? systemTimeZone();
      const now = options.now?.() ?? new Date();
      const cells = await store.withClient((client) =>
        readSpend(client, account, { months: SPEND_MONTHS, timeZone, now }),
      );
      const months: TeamSpendView['months'] = [];
      for (const cell of cells) {
        let month = months.at(-1);
        if (month?.month !== cell.month) {
          month = { month: cell.month, people: [] };
          months.push(month);
        }
        month.people.push({
          osUser: cell.osUser,
          machines: cell.machines,
          jobs: cell.jobs,
          chargedMicros: cell.chargedMicros,
          unknownCharges: cell.unknownCharges,
        });
      }
      const { year, month } = monthIn(now, timeZone);
      return {
        from: monthKey(year, month - (SPEND_MONTHS - 1)),
        to: monthKey(year, month),
        months,
      };
    },
  };
}
