// Each platform's key lives in the OS keychain (service "List Cleaner",
// account "platform:<id>") with the address a read proved it against, like
// the service key: it goes to no other origin. The command line may instead
// take a key and an address from the environment; a saved key is never sent
// to an address the environment names.
import { PLATFORM_ENV, PLATFORM_NAMES, type PlatformId } from '../common/catalogs/platforms';
import { originOf, serviceUrlMessage } from '../common/urls/service-url';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { registerSecret } from '../lib/log';
import { openKeyStore, type KeyStore } from '../secrets/key-store';
import type { Connector } from './types';

export interface PlatformKey {
  key: string;
  baseUrl: string;
  /** Where it came from: the keychain, or the environment (the command line). */
  from: 'saved' | 'environment';
}

export type KeyStoreOf = (platform: PlatformId) => Promise<KeyStore>;

export const keychainAccount = (platform: PlatformId): string => `platform:${platform}`;

/** The app's keychain entries, one a platform, opened once each. */
export function keychainKeys(): KeyStoreOf {
  const open = new Map<PlatformId, Promise<KeyStore>>();
  return (platform) => {
    let store = open.get(platform);
    if (store === undefined) {
      store = openKeyStore({ account: keychainAccount(platform) });
      open.set(platform, store);
    }
    return store;
  };
}

function envUrl(platform: PlatformId, env: NodeJS.ProcessEnv): string | null {
  const name = PLATFORM_ENV[platform].url;
  const value = env[name]?.trim();
  if (!value) return null;
  const problem = serviceUrlMessage(value, name);
  if (problem !== null) throw new AppError('invalid_input', problem);
  return value;
}

/**
 * The key and address to use: the environment's key (with its address, or the
 * platform's own), else the saved key at the address it was proven against.
 */
export async function platformKey(
  connector: Connector,
  keys: KeyStoreOf,
  env: NodeJS.ProcessEnv = {},
): Promise<PlatformKey> {
  const platform = connector.id;
  const url = envUrl(platform, env);
  const fromEnv = env[PLATFORM_ENV[platform].key]?.trim();
  if (fromEnv) {
    registerSecret(fromEnv);
    return { key: fromEnv, baseUrl: url ?? connector.defaultUrl(fromEnv), from: 'environment' };
  }
  const saved = await (await keys(platform)).get();
  if (saved === null) {
    throw new AppError(
      'no_account',
      message('error.connector.notConnected', {
        name: PLATFORM_NAMES[platform],
        variable: PLATFORM_ENV[platform].key,
      }),
    );
  }
  const baseUrl = saved.provenBaseUrl ?? connector.defaultUrl(saved.apiKey);
  if (url !== null && originOf(url) !== originOf(baseUrl)) {
    throw new AppError(
      'key_unconfirmed',
      message('error.connector.keyElsewhere', {
        platform,
        name: PLATFORM_NAMES[platform],
        origin: String(originOf(baseUrl)),
        urlVariable: PLATFORM_ENV[platform].url,
        keyVariable: PLATFORM_ENV[platform].key,
      }),
    );
  }
  return { key: saved.apiKey, baseUrl, from: 'saved' };
}
