// The saved connections: each platform's key, proven by a read at its
// address before the keychain keeps it, shown with where it goes and the
// last four characters of the key, and removed on request.
import { PLATFORMS, type PlatformId } from '../common/catalogs/platforms';
import { hostOf } from '../common/urls/service-url';
import { message, say } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { connectorOf, type Context } from './context';
import { platformKey } from './keys';
import { CONNECTORS } from './platforms';
import type { PlatformList } from './types';
import type { ConnectionView } from '../common/views/platform-views';

export function connectionsApi(ctx: Context) {
  const { o, httpFor, httpWith, t } = ctx;
  async function connection(platform: PlatformId): Promise<ConnectionView> {
    const connector = connectorOf(platform);
    const base = {
      platform,
      name: connector.name,
      keyName: say(t(), connector.keyName),
      keyHelp: say(t(), connector.keyHelp),
      listWord: say(t(), connector.listWord),
    };
    try {
      const found = await platformKey(connector, o.keys, o.env);
      return {
        ...base,
        connected: true,
        host: hostOf(found.baseUrl),
        keyEnding: connector.keyEnding?.(found.key) ?? found.key.slice(-4),
        from: found.from,
      };
    } catch {
      return { ...base, connected: false, host: null, keyEnding: null, from: null };
    }
  }

  return {
    connections: () =>
      Promise.all(PLATFORMS.filter((p) => CONNECTORS[p] !== undefined).map(connection)),

    /** Proves the key with one read at its address, then saves both in the keychain. */
    async connect(platform: PlatformId, key: string, url?: string): Promise<ConnectionView> {
      const connector = connectorOf(platform);
      const trimmed = key.trim();
      if (trimmed === '')
        throw new AppError(
          'invalid_input',
          message('error.connector.pasteKey', { platform, name: connector.name }),
        );
      const baseUrl = url?.trim() || connector.defaultUrl(trimmed);
      await connector.prove(httpWith(connector, trimmed, baseUrl));
      await (await o.keys(platform)).set({ apiKey: trimmed, provenBaseUrl: baseUrl });
      return connection(platform);
    },

    async remove(platform: PlatformId): Promise<ConnectionView> {
      await (await o.keys(platform)).clear();
      return connection(platform);
    },

    async lists(platform: PlatformId): Promise<PlatformList[]> {
      const { connector, http } = await httpFor(platform);
      return connector.lists(http);
    },
  };
}
