// The handlers of the suppression list's channels: thin adapters to the
// account's list as the jobs use it (Jobs.suppression(): this computer's, or
// the team's with a team store). Taking entries off it (for a team, off every
// member's list) needs the user's yes in main's own dialog: an address that
// leaves it can be paid for and mailed again. `list-cleaner suppress remove`
// is the user's own command and asks nothing.
import { basename } from 'node:path';
import type { SuppressionSummaryView } from '../../common/views/suppression-views';
import type { FileGrants } from '../../files/grants';
import type { Jobs } from '../../jobs/jobs';
import type { AccountSuppression } from '../../suppression/account';
import { importSuppressionFile } from '../../suppression/import';
import { requireConsent, type Consent } from '../../lib/consent';
import type { Handlers } from '../registry';

type SuppressionChannels =
  | 'suppression:summary'
  | 'suppression:import'
  | 'suppression:dropfile'
  | 'suppression:find'
  | 'suppression:unlist';

async function summaryOf(list: AccountSuppression): Promise<SuppressionSummaryView> {
  const [count, sources] = await Promise.all([list.count(), list.sources()]);
  return {
    count,
    team: list.team === true,
    sources: [...sources].sort((a, b) => b.addedAt.localeCompare(a.addedAt)),
  };
}

export function suppressionHandlers(
  jobs: () => Promise<Jobs>,
  files: FileGrants,
  consent: Consent,
): Pick<Handlers, SuppressionChannels> {
  const list = async () => (await jobs()).suppression();
  return {
    'suppression:summary': async () => summaryOf(await list()),
    'suppression:import': async ({ token }) => {
      const path = await files.take(token);
      const suppression = await list();
      const read = await importSuppressionFile(suppression, path);
      return {
        fileName: basename(path),
        label: read.label,
        rows: read.rows,
        added: read.added,
        replaced: read.replaced,
        skipped: read.skipped,
        summary: await summaryOf(suppression),
      };
    },
    'suppression:dropfile': async ({ name }) => {
      const suppression = await list();
      const source = (await suppression.sources()).find((s) => s.name === name);
      // A file not on the list has nothing to remove, and nothing to ask.
      if (source === undefined) return summaryOf(suppression);
      await requireConsent(consent, {
        kind: 'unsuppress-file',
        name,
        entries: source.entries,
        team: suppression.team === true,
      });
      await suppression.removeSource(name);
      return summaryOf(suppression);
    },
    'suppression:find': async ({ address }) => (await list()).get(address),
    'suppression:unlist': async ({ address }) => {
      const suppression = await list();
      if ((await suppression.get(address)) === null) {
        return { removed: false, summary: await summaryOf(suppression) };
      }
      await requireConsent(consent, {
        kind: 'unsuppress-address',
        address,
        team: suppression.team === true,
      });
      const removed = await suppression.remove(address);
      return { removed, summary: await summaryOf(suppression) };
    },
  };
}
