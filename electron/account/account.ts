// Who the app talks to, and with which key: a real account (key in the
// keychain, base URL from settings), the demo account (an in-process sandbox),
// or none yet. Every other part asks this module for a ready service client.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { AccountStatus, Balance } from '../common/views/views';
import { writeFileAtomic } from '../lib/files/atomic-file';
import type { EventBus } from '../common/events';
import { english, message, type Translate } from '../common/i18n/message';
import { sayStored } from '../lib/stored-message';
import { AppError } from '../lib/app-error';
import { noConsent, requireConsent, type Consent, type ConsentQuestion } from '../lib/consent';
import { log, registerSecret } from '../lib/log';
import { hostOf } from '../common/urls/service-url';
import { defaultService, keyMayGo, provenAddress } from './key-origin';
import type { KeyStore, SavedKey } from '../secrets/key-store';
import type { SettingsStore } from '../settings/settings';
import { createServiceClient, type ServiceClient } from '../service/client';
import { ServiceError } from '../service/errors';
import type { Limiter } from '../service/limiter';
import { startDemoService, type DemoService } from './demo';
import { DEMO_MEMORY, memoryAccountOf } from '../lib/account-name';

export interface Account {
  status(): AccountStatus;
  setKey(apiKey: string, baseUrl?: string): Promise<AccountStatus>;
  /**
   * After the service address moved to another host: asks the user (a native
   * dialog naming the host), then proves the key there before using it.
   */
  confirmAddress(): Promise<AccountStatus>;
  clearKey(): Promise<AccountStatus>;
  useDemo(): Promise<AccountStatus>;
  balance(): Promise<Balance>;
  /** Applies changed settings (base URL, poll interval) to a real account's client. */
  reconfigure(): AccountStatus;
  /** The client for the current account; throws when none is set up. */
  client(): ServiceClient;
  /** Whose memory of paid answers the jobs use now (memory-account.ts); null with no account. */
  memoryAccount(): string | null;
  dispose(): Promise<void>;
}

export interface AccountDeps {
  keyStore: KeyStore;
  settings: SettingsStore;
  events: EventBus;
  /**
   * Asks the user before the key goes to a host no key was proven for, or
   * replaces the saved one. Only a shell with native dialogs can ask;
   * without one the answer is no.
   */
  consent?: Consent;
  /** The limiter a key's clients share (coordination/slots.ts); this process's own by default. */
  limiterFor?: (apiKey: string) => Limiter;
  /** The window's language, which the status's warning is said in (English without one). */
  words?: () => Translate;
  /**
   * Where the last balance read is kept (`<dataDir>/balance.json`), so it is
   * shown with its time after a restart while the service does not answer;
   * in memory only without one.
   */
  balanceFile?: string;
}

/** The last balance read, kept for whose memory it is (a fingerprint of the key, or the demo). */
const lastReadFile = z.strictObject({
  account: z.string().max(64),
  balance: z.strictObject({ balanceMicros: z.number().int(), fetchedAt: z.iso.datetime() }),
});
type LastRead = z.infer<typeof lastReadFile>;

async function readLastBalance(file: string | undefined): Promise<LastRead | null> {
  if (file === undefined) return null;
  try {
    const parsed = lastReadFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) return parsed.data;
    log.warn('balance.json is not valid and is ignored');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      log.warn('balance.json could not be read', String(err));
    }
  }
  return null;
}

type State =
  | { mode: 'none' }
  | { mode: 'key'; key: string; provenBaseUrl: string }
  | { mode: 'demo'; demo: DemoService };

const noAccount = (): AppError => new AppError('no_account', message('error.key.noAccount'));

export function keyUnconfirmedError(provenBaseUrl: string, baseUrl: string): AppError {
  const proven = hostOf(provenBaseUrl);
  const next = hostOf(baseUrl);
  return new AppError('key_unconfirmed', message('error.key.unconfirmed', { proven, next }));
}

/**
 * What the user must say yes to before `apiKey` is put in place for `url`.
 * Decided on the keychain, not the mode: in the demo the user's saved key is
 * still there. A first key decides whose account every list is checked on
 * (and read by); another replaces the saved one; the saved one going to an
 * address it was not proven for is sent only on a yes.
 */
function keyQuestion(
  kept: SavedKey | null,
  state: State,
  apiKey: string,
  url: string,
): ConsentQuestion | null {
  const host = hostOf(url);
  const last4 = apiKey.slice(-4);
  if (kept === null) return { kind: 'use-key', last4, host, foreign: !defaultService(url) };
  if (kept.apiKey !== apiKey) {
    return { kind: 'replace-key', oldLast4: kept.apiKey.slice(-4), newLast4: last4, host };
  }
  if (defaultService(url) || (state.mode === 'key' && keyMayGo(url, state.provenBaseUrl))) {
    return null;
  }
  const provenHost = state.mode === 'key' ? hostOf(state.provenBaseUrl) : null;
  return { kind: 'send-key', host, provenHost };
}

export async function openAccount(deps: AccountDeps): Promise<Account> {
  const { keyStore, settings, events } = deps;
  const consent = deps.consent ?? noConsent;
  let state: State = { mode: 'none' };
  // The key's client, for the address and poll interval it was made with.
  let cached: { baseUrl: string; poll: number; key: string; client: ServiceClient } | null = null;

  const stopDemo = async (): Promise<void> => {
    if (state.mode === 'demo') await state.demo.stop();
  };

  const keyConfirmed = (s: { provenBaseUrl: string }): boolean =>
    keyMayGo(settings.get().baseUrl, s.provenBaseUrl);

  const status = (): AccountStatus => ({
    mode: state.mode,
    keyLast4: state.mode === 'key' ? state.key.slice(-4) : null,
    storage: state.mode === 'key' ? keyStore.storage : null,
    storageWarning:
      state.mode === 'key' && keyStore.warning !== null
        ? sayStored(deps.words?.() ?? english.t, keyStore.warning, keyStore.warningSaid)
        : null,
    baseUrl: settings.get().baseUrl,
    keyHost: state.mode === 'key' ? hostOf(state.provenBaseUrl) : null,
    keyUnconfirmed: state.mode === 'key' && !keyConfirmed(state),
  });

  const memoryAccount = (): string | null =>
    state.mode === 'key' ? memoryAccountOf(state.key) : state.mode === 'demo' ? DEMO_MEMORY : null;

  const announce = (): AccountStatus => {
    const next = status();
    events.emit('account:changed', next);
    return next;
  };

  // The last balance read, for whose memory it is: when the service does not
  // answer for a while (down, maintenance, no network) the balance shown is
  // this one, with its time, not a figure beside "unavailable". Kept on disk,
  // so a restart while the service is down still has it.
  let lastRead: LastRead | null = await readLastBalance(deps.balanceFile);
  const keepLastRead = async (read: LastRead): Promise<void> => {
    lastRead = read;
    if (deps.balanceFile === undefined) return;
    // Only a convenience: a balance not kept is read again next time.
    await writeFileAtomic(deps.balanceFile, JSON.stringify(read)).catch((err: unknown) =>
      log.warn('balance.json could not be written', String(err)),
    );
  };
  const readBalance = async (client: ServiceClient): Promise<Balance> => {
    const account = memoryAccount();
    try {
      const { balanceMicros } = await client.balance();
      const balance = { balanceMicros, fetchedAt: new Date().toISOString() };
      if (account !== null) await keepLastRead({ account, balance });
      events.emit('balance:changed', balance);
      return balance;
    } catch (err) {
      // Only a passing failure falls back: a refused key is said as such.
      const passing = err instanceof ServiceError && err.retryable;
      if (!passing || lastRead === null || lastRead.account !== account) throw err;
      return { ...lastRead.balance, stale: true };
    }
  };

  const keyClient = (apiKey: string, baseUrl: string): ServiceClient =>
    createServiceClient({
      baseUrl,
      apiKey,
      pollIntervalSeconds: settings.get().pollIntervalSeconds,
      ...(deps.limiterFor ? { limiter: deps.limiterFor(apiKey) } : {}),
    });

  /** The one way a stored key reaches the network: only at the origin it was proven for. */
  const provenClient = (s: { key: string; provenBaseUrl: string }): ServiceClient => {
    const { baseUrl, pollIntervalSeconds: poll } = settings.get();
    if (!keyMayGo(baseUrl, s.provenBaseUrl)) throw keyUnconfirmedError(s.provenBaseUrl, baseUrl);
    if (!cached || cached.baseUrl !== baseUrl || cached.poll !== poll || cached.key !== s.key) {
      cached = { baseUrl, poll, key: s.key, client: keyClient(s.key, baseUrl) };
    }
    return cached.client;
  };

  const startDemo = async (): Promise<void> => {
    state = { mode: 'demo', demo: await startDemoService() };
  };

  // Come back as the user left: in the demo if that was the last choice, else
  // with the saved key.
  const saved = await keyStore.get().catch((err: unknown) => {
    log.warn('could not read the saved API key', String(err));
    return null;
  });
  if (settings.get().account === 'demo') {
    await startDemo();
  } else if (saved) {
    const provenBaseUrl = provenAddress(saved);
    if (saved.provenBaseUrl === null) {
      // Saved by a version that kept no address with the key: noted now
      // where the settings name the address it counts as proven for.
      if (keyMayGo(settings.get().baseUrl, provenBaseUrl)) {
        await keyStore
          .set({ apiKey: saved.apiKey, provenBaseUrl })
          .catch((err: unknown) => log.warn('could not note the key’s address', String(err)));
      }
    }
    state = { mode: 'key', key: saved.apiKey, provenBaseUrl };
  }

  const client = (): ServiceClient => {
    if (state.mode === 'none') throw noAccount();
    if (state.mode === 'demo') return state.demo.client;
    return provenClient(state);
  };

  return {
    status,
    client,
    memoryAccount,
    async setKey(apiKey, baseUrl) {
      // Kept out of every log from the moment it is typed, proven or not.
      registerSecret(apiKey);
      const url = baseUrl ?? settings.get().baseUrl;
      const question = keyQuestion(await keyStore.get().catch(() => null), state, apiKey, url);
      if (question) await requireConsent(consent, question);
      // The key is proven by a balance call before it is saved anywhere, and
      // saved with the address that proved it.
      await readBalance(keyClient(apiKey, url));
      await keyStore.set({ apiKey, provenBaseUrl: url });
      await settings.update({ baseUrl: url, account: 'key' });
      await stopDemo();
      state = { mode: 'key', key: apiKey, provenBaseUrl: url };
      return announce();
    },
    async confirmAddress() {
      if (state.mode !== 'key') throw noAccount();
      if (keyConfirmed(state)) return status();
      const { key, provenBaseUrl } = state;
      const next = settings.get().baseUrl;
      const provenHost = hostOf(provenBaseUrl);
      const yes = await consent({ kind: 'send-key', host: hostOf(next), provenHost });
      // The dialog may have stayed open while the key was replaced or removed.
      if (!yes || state.mode !== 'key' || state.key !== key) return status();
      // The user named the host; the key still proves itself there before it is kept for it.
      await readBalance(keyClient(key, next));
      await keyStore.set({ apiKey: key, provenBaseUrl: next });
      state = { mode: 'key', key, provenBaseUrl: next };
      return announce();
    },
    async clearKey() {
      const kept = await keyStore.get().catch(() => null);
      if (kept !== null) {
        await requireConsent(consent, {
          kind: 'clear-key',
          last4: kept.apiKey.slice(-4),
          host: hostOf(provenAddress(kept)),
        });
      }
      await keyStore.clear();
      await stopDemo();
      await settings.update({ account: 'none' });
      state = { mode: 'none' };
      cached = null;
      return announce();
    },
    async useDemo() {
      if (state.mode !== 'demo') {
        await startDemo();
        await settings.update({ account: 'demo' });
      }
      return announce();
    },
    balance: () => readBalance(client()),
    reconfigure: announce,
    async dispose() {
      await stopDemo();
    },
  };
}
