// An account's slots and claims as one process uses them: through the team
// store when there is one and it answers, else through the data folder. One
// per data folder and account in a process, shared by the service client's
// limiter (slots.ts) and the jobs' claims (claims.ts), with one timer that
// renews what this process holds.
//
// A store that cannot be reached is said once (notices.ts), and this process goes on with
// the data folder (its own machine's processes still share limits and
// claims) and tries the store again a little later. What it held in the store
// lapses there within a lease.
import { english, message, say } from '../common/i18n/message';
import { log } from '../lib/log';
import { SERVICE_LIMITS } from '../service/limiter';
import type { TeamStore } from '../team/store';
import type { CoordinationBackend } from './backend';
import { PROCESS_HOLDER, RENEW_MS } from './holder';
import { storeLostWords, tellTeamNotice } from './notices';
import { openLocalCoordination } from './local';
import { teamCoordination } from './team';

/** How long the store is left alone after it could not be reached. */
const RETRY_STORE_MS = 30_000;

export interface SharingOptions {
  dataDir: string;
  /** The account: the key's fingerprint (account/memory-account.ts). */
  account: string;
  /** The team store of the moment, if any (team/current.ts). */
  team?: (() => Promise<TeamStore | null>) | undefined;
}

export interface AccountSharing {
  /** The place to coordinate through now: the team store when it answers, else the data folder. */
  backend(): Promise<CoordinationBackend>;
  /** The store failed: the data folder serves until it is tried again. */
  storeFailed(err: unknown): void;
  /** A run's claims are renewed while it runs. */
  runStarted(holder: string): void;
  runEnded(holder: string): void;
}

const shared = new Map<string, AccountSharing>();

/** The process's sharing for a data folder and account. */
export function sharingFor(options: SharingOptions): AccountSharing {
  const id = `${options.dataDir}\n${options.account}`;
  let sharing = shared.get(id);
  if (!sharing) {
    sharing = openSharing(options);
    shared.set(id, sharing);
  }
  return sharing;
}

function openSharing(options: SharingOptions): AccountSharing {
  const { dataDir, account } = options;
  let local: Promise<CoordinationBackend> | null = null;
  const teams = new WeakMap<TeamStore, CoordinationBackend>();
  let storeDownUntil = 0;
  let told = false;
  const runs = new Set<string>();
  const inUse = new Set<CoordinationBackend>();

  const openLocal = () => {
    local ??= openLocalCoordination(dataDir, account, SERVICE_LIMITS).then(async (b) => {
      // Registered before its first slot, so others see this process alive.
      await b.renew(PROCESS_HOLDER, []);
      return b;
    });
    return local;
  };

  const renew = async () => {
    for (const b of inUse) {
      await b.renew(PROCESS_HOLDER, [...runs]).catch((err: unknown) => {
        if (b.where === 'team store') sharing.storeFailed(err);
        else log.warn('coordination: leases could not be renewed', err);
      });
    }
  };
  setInterval(() => void renew(), RENEW_MS).unref();

  const sharing: AccountSharing = {
    async backend() {
      let store: TeamStore | null = null;
      if (Date.now() >= storeDownUntil) {
        try {
          store = (await options.team?.()) ?? null;
        } catch (err) {
          sharing.storeFailed(err);
        }
      }
      let backend: CoordinationBackend;
      if (store) {
        backend = teams.get(store) ?? teamCoordination(store, account, SERVICE_LIMITS);
        teams.set(store, backend);
        if (told) {
          told = false;
          const back = message('notice.team.storeBack');
          log.info(`coordination: ${say(english.t, back)}`);
          tellTeamNotice(back, 'back');
        }
      } else backend = await openLocal();
      inUse.add(backend);
      return backend;
    },
    storeFailed(err) {
      storeDownUntil = Date.now() + RETRY_STORE_MS;
      if (told) return;
      told = true;
      const lost = storeLostWords(err);
      const words = say(english.t, lost);
      // Said by whoever listens (the command line, the app); the log keeps it (in English) either way.
      if (tellTeamNotice(lost, 'lost')) log.info(`coordination: ${words}`);
      else log.warn(`coordination: ${words}`);
    },
    runStarted: (holder) => void runs.add(holder),
    runEnded: (holder) => void runs.delete(holder),
  };
  return sharing;
}
