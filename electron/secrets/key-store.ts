// The API key lives in the OS keychain (service "List Cleaner"), together
// with the service address it was proven against: the key goes nowhere else.
// Where no keychain can be used, it is kept in this process's memory only and
// the user is told; it is never written to disk in plain text.
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import { z } from 'zod';
import { english, message, say, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { forgetSecret, log, registerSecret } from '../lib/log';

export const KEYCHAIN_SERVICE = 'List Cleaner';
export const KEYCHAIN_ACCOUNT = 'api-key';

/** A key, and the service address a balance call proved it against. */
export interface SavedKey {
  apiKey: string;
  /** Null for a key saved before addresses were kept with it. */
  provenBaseUrl: string | null;
}

export interface KeyStore {
  readonly storage: 'keychain' | 'memory';
  /** Why the key cannot outlive this run, in words for the user (English); null when it can. */
  readonly warning: string | null;
  /** The same warning's message, to say it in the reader's language. */
  readonly warningSaid?: Message;
  get(): Promise<SavedKey | null>;
  set(saved: { apiKey: string; provenBaseUrl: string }): Promise<void>;
  clear(): Promise<void>;
}

const entrySchema = z.object({ apiKey: z.string().min(1), provenBaseUrl: z.url() }).strict();

/** The keychain item's text: the key and its address, as one JSON object. */
export function encodeSavedKey(saved: { apiKey: string; provenBaseUrl: string }): string {
  return JSON.stringify({ apiKey: saved.apiKey, provenBaseUrl: saved.provenBaseUrl });
}

/** An item written before addresses were kept is the bare key. */
export function decodeSavedKey(text: string): SavedKey {
  try {
    const parsed = entrySchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: the bare key of an earlier version.
  }
  return { apiKey: text, provenBaseUrl: null };
}

function remember(saved: SavedKey): SavedKey {
  registerSecret(saved.apiKey);
  return saved;
}

export interface KeyStoreOptions {
  service?: string;
  account?: string;
  platform?: NodeJS.Platform;
  /**
   * A key in the environment stands in for the saved one (a server, a
   * container, a scheduled run): a keychain out of reach is then no news.
   */
  quiet?: boolean;
}

const MEMORY_WARNING_LINUX = message('error.key.memoryLinux');
const MEMORY_WARNING_OTHER = message('error.key.memoryOther');

/** A store for this run only; `warning` says why, as a sentence or a catalog's message. */
export function createMemoryKeyStore(warning: string | Message | null): KeyStore {
  let value: SavedKey | null = null;
  return {
    storage: 'memory',
    ...(typeof warning === 'object' && warning !== null
      ? { warning: say(english.t, warning), warningSaid: warning }
      : { warning }),
    get: async () => value,
    async set(saved) {
      value = remember({ ...saved });
    },
    async clear() {
      if (value !== null) forgetSecret(value.apiKey);
      value = null;
    },
  };
}

function keychainFailure(action: 'read' | 'save' | 'remove'): AppError {
  return new AppError('keychain', message('error.key.keychain', { action }));
}

/**
 * Opens the keychain and proves it works with one read. On Linux the entry is
 * pinned to the Secret Service: the binding would otherwise fall back to the
 * kernel keyring silently, and a key kept there is lost at logout.
 */
export async function openKeyStore(options: KeyStoreOptions = {}): Promise<KeyStore> {
  const service = options.service ?? KEYCHAIN_SERVICE;
  const account = options.account ?? KEYCHAIN_ACCOUNT;
  const platform = options.platform ?? process.platform;
  const entryOptions: EntryOptions | undefined =
    platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined;

  let entry: AsyncEntry;
  try {
    entry = new AsyncEntry(service, account, entryOptions);
    const existing = await entry.getPassword();
    if (existing !== null) remember(decodeSavedKey(existing));
  } catch (err) {
    if (!options.quiet) {
      log.warn('keychain unavailable; keeping the API key in memory for this run', String(err));
    }
    return createMemoryKeyStore(platform === 'linux' ? MEMORY_WARNING_LINUX : MEMORY_WARNING_OTHER);
  }

  return {
    storage: 'keychain',
    warning: null,
    async get() {
      try {
        const value = await entry.getPassword();
        return value === null ? null : remember(decodeSavedKey(value));
      } catch {
        throw keychainFailure('read');
      }
    },
    async set(saved) {
      remember({ ...saved });
      try {
        await entry.setPassword(encodeSavedKey(saved));
      } catch {
        throw keychainFailure('save');
      }
    },
    async clear() {
      try {
        await entry.deletePassword();
      } catch {
        throw keychainFailure('remove');
      }
    },
  };
}
