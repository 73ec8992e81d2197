// `list-cleaner check <address>`: one address through the app's own rule
// (account/check-one.ts), its outcome printed in a line or as JSON.
import { checkOne } from '../../account/check-one';
import type { MessageId } from '../../common/i18n/translate';
import { providerName } from '../../common/catalogs/providers';
import type { CheckView } from '../../common/views/views';
import { message } from '../../common/i18n/message';
import { UsageError, type Values } from '../args/args';
import type { Connection } from '../connect';
import { out } from '../output/print';
import { t } from '../output/say';
import { connectFor } from './shared';

/** The outcome in the reader's words (the JSON keeps the service's). */
const STATUS_WORDS = {
  deliverable: 'cli.check.deliverable',
  undeliverable: 'cli.check.undeliverable',
  unknown: 'cli.check.unknown',
} as const satisfies Record<CheckView['status'], MessageId>;

export async function run(values: Values, address: string | undefined): Promise<number> {
  if (!address) throw new UsageError(message('cli.usage.checkNeedsAddress'));
  // Connected only for an address: what is refused is refused before any sandbox starts.
  let connection = null as Connection | null;
  try {
    const result = await checkOne(address, values.avatar ? 'avatar' : 'email', {
      client: async () => (connection = await connectFor(values)).client,
      notAnAddress: (typed) => t('cli.check.notAnAddress', { address: typed }),
    });
    if (values.json) {
      out(
        JSON.stringify({
          address: result.address,
          status: result.status,
          provider: result.provider,
          avatar: result.avatar,
          avatar_url: result.avatarUrl,
        }),
      );
    } else {
      const details = [
        result.provider
          ? t('cli.check.provider', { provider: providerName(result.provider, t) })
          : null,
        result.avatar === true
          ? result.avatarUrl
            ? t('cli.check.avatar', { url: result.avatarUrl })
            : t('cli.check.avatarNoUrl')
          : result.avatar === false
            ? t('cli.check.noAvatar')
            : null,
      ].filter(Boolean);
      const status = t(STATUS_WORDS[result.status]);
      out(`${result.address}: ${status}${details.length ? ` (${details.join(', ')})` : ''}`);
    }
    return 0;
  } finally {
    await connection?.close();
  }
}
