// Who the app talks to, and with which key: a real account (key in the
// keychain, base URL from settings), the demo account (an in-process sandbox),
// or none yet. Every other part asks this module for a ready service client.
import type { AccountStatus, Balance } from '../ipc/contract';
import type { EventBus } from '../ipc/events';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';
import type { KeyStore } from '../secrets/key-store';
import type { SettingsStore } from '../settings/settings';
import { createServiceClient, type ServiceClient } from '../service/client';
import {
  DEFAULT_BALANCE_MICROS,
  newSandboxKey,
  startSandbox,
  type Sandbox,
} from '../sandbox/server';

export interface Account {
  status(): AccountStatus;
  setKey(apiKey: string, baseUrl?: string): Promise<AccountStatus>;
  clearKey(): Promise<AccountStatus>;
  useDemo(): Promise<AccountStatus>;
  balance(): Promise<Balance>;
  /** Applies changed settings (base URL, poll interval) to a real account's client. */
  reconfigure(): AccountStatus;
  /** The client for the current account; throws when none is set up. */
  client(): ServiceClient;
  dispose(): Promise<void>;
}

export interface AccountDeps {
  keyStore: KeyStore;
  settings: SettingsStore;
  events: EventBus;
}

type State =
  | { mode: 'none' }
  | { mode: 'key'; key: string; client: ServiceClient }
  | { mode: 'demo'; sandbox: Sandbox; client: ServiceClient };

/** The demo's bulk tasks finish in seconds; polling it every 2 s keeps the demo lively. */
const DEMO_POLL_SECONDS = 2;

const noAccount = (): AppError =>
  new AppError(
    'no_account',
    'No account is set up yet. Paste your API key, or try the demo account.',
  );

export async function openAccount(deps: AccountDeps): Promise<Account> {
  const { keyStore, settings, events } = deps;
  let state: State = { mode: 'none' };

  const stopDemo = async (): Promise<void> => {
    if (state.mode === 'demo') await state.sandbox.stop();
  };

  const status = (): AccountStatus => ({
    mode: state.mode,
    keyLast4: state.mode === 'key' ? state.key.slice(-4) : null,
    storage: state.mode === 'key' ? keyStore.storage : null,
    storageWarning: state.mode === 'key' ? keyStore.warning : null,
    baseUrl: settings.get().baseUrl,
  });

  const announce = (): AccountStatus => {
    const next = status();
    events.emit('account:changed', next);
    return next;
  };

  const readBalance = async (client: ServiceClient): Promise<Balance> => {
    const { balanceMicros } = await client.balance();
    const balance = { balanceMicros, fetchedAt: new Date().toISOString() };
    events.emit('balance:changed', balance);
    return balance;
  };

  const keyClient = (apiKey: string, baseUrl = settings.get().baseUrl): ServiceClient =>
    createServiceClient({
      baseUrl,
      apiKey,
      pollIntervalSeconds: settings.get().pollIntervalSeconds,
    });

  const startDemo = async (): Promise<void> => {
    const key = newSandboxKey();
    const sandbox = await startSandbox({
      accounts: [{ key, balanceMicros: DEFAULT_BALANCE_MICROS }],
    });
    // Only the sandbox may be polled more often than every 30 s.
    const client = createServiceClient({
      baseUrl: sandbox.url,
      apiKey: key,
      allowFastPolling: true,
      pollIntervalSeconds: DEMO_POLL_SECONDS,
    });
    state = { mode: 'demo', sandbox, client };
  };

  // Come back as the user left: in the demo if that was the last choice, else
  // with the saved key.
  const savedKey = await keyStore.get().catch((err: unknown) => {
    log.warn('could not read the saved API key', String(err));
    return null;
  });
  if (settings.get().account === 'demo') {
    await startDemo();
  } else if (savedKey) {
    state = { mode: 'key', key: savedKey, client: keyClient(savedKey) };
  }

  return {
    status,
    async setKey(apiKey, baseUrl) {
      const url = baseUrl ?? settings.get().baseUrl;
      const client = keyClient(apiKey, url);
      // The key is proven by a balance call before it is saved anywhere.
      await readBalance(client);
      await keyStore.set(apiKey);
      await settings.update({ baseUrl: url, account: 'key' });
      await stopDemo();
      state = { mode: 'key', key: apiKey, client };
      return announce();
    },
    async clearKey() {
      await keyStore.clear();
      await stopDemo();
      await settings.update({ account: 'none' });
      state = { mode: 'none' };
      return announce();
    },
    async useDemo() {
      if (state.mode !== 'demo') {
        await startDemo();
        await settings.update({ account: 'demo' });
      }
      return announce();
    },
    async balance() {
      if (state.mode === 'none') throw noAccount();
      return readBalance(state.client);
    },
    reconfigure() {
      if (state.mode === 'key') state = { ...state, client: keyClient(state.key) };
      return announce();
    },
    client() {
      if (state.mode === 'none') throw noAccount();
      return state.client;
    },
    async dispose() {
      await stopDemo();
    },
  };
}
