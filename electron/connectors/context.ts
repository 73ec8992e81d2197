// What the connectors' parts share: the options they were opened with, the
// folder write-backs are kept in, and the HTTP path to a platform with the
// key that belongs to it.
import { join } from 'node:path';
import { english, message, type Translate } from '../common/i18n/message';
import type { PlatformId } from '../common/catalogs/platforms';
import { AppError } from '../lib/app-error';
import type { Jobs } from '../jobs/jobs';
import {
  createPlatformHttp,
  type PlatformHttp,
  type PlatformHttpOptions,
  type PlatformWait,
} from './http';
import { platformKey, type KeyStoreOf } from './keys';
import { CONNECTORS } from './platforms';
import type { Connector } from './types';

export interface ConnectorsOptions {
  dataDir: string;
  /** Only reading a list into a job and writing one back need them (listing does not). */
  jobs?: Jobs;
  keys: KeyStoreOf;
  /** The command line's environment (keys and addresses); the app passes none. */
  env?: NodeJS.ProcessEnv;
  /** Tests shorten the waits. */
  http?: Pick<PlatformHttpOptions, 'backoffMs' | 'patienceMs' | 'timeoutMs'>;
  onWait?: (wait: PlatformWait) => void;
  /** The reader's language, in which views (key help, a write-back's report) are said; English without one. */
  words?: () => Translate;
}

export function connectorOf(platform: PlatformId): Connector {
  const connector = CONNECTORS[platform];
  if (connector === undefined)
    throw new AppError('invalid_input', message('error.connector.unknownPlatform', { platform }));
  return connector;
}

export function createContext(o: ConnectorsOptions) {
  async function httpFor(
    platform: PlatformId,
    signal?: AbortSignal,
  ): Promise<{ connector: Connector; http: PlatformHttp }> {
    const connector = connectorOf(platform);
    const { key, baseUrl } = await platformKey(connector, o.keys, o.env);
    return { connector, http: httpWith(connector, key, baseUrl, signal) };
  }

  function httpWith(connector: Connector, key: string, baseUrl: string, signal?: AbortSignal) {
    return createPlatformHttp({
      platform: connector.name,
      baseUrl,
      headers: connector.headers(key),
      errorText: connector.errorText,
      ...(connector.retryAfter ? { retryAfter: connector.retryAfter } : {}),
      maxInFlight: connector.limits.maxInFlight,
      ...(signal ? { signal } : {}),
      ...(o.onWait ? { onWait: o.onWait } : {}),
      ...o.http,
    });
  }

  return {
    o,
    /** The reader's words, for what a view says. */
    t: (): Translate => o.words?.() ?? english.t,
    dir: join(o.dataDir, 'write-backs'),
    jobs(): Jobs {
      if (o.jobs === undefined) throw new Error('connectors opened without jobs');
      return o.jobs;
    },
    httpFor,
    httpWith,
  };
}

export type Context = ReturnType<typeof createContext>;
