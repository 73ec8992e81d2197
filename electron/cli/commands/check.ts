// `list-cleaner check <address>`: one address through the app's own rule
// (account/check-one.ts), its outcome printed in a line or as JSON.
import { checkOne } from '../../account/check-one';
import { providerName } from '../../common/providers';
import { UsageError, type Values } from '../args';
import type { Connection } from '../connect';
import { out } from '../print';
import { cliWords } from '../words';
import { connectFor } from './shared';

export async function run(values: Values, address: string | undefined): Promise<number> {
  if (!address) throw new UsageError('check needs an address: list-cleaner check jane@example.com');
  // Connected only for an address: what is refused is refused before any sandbox starts.
  let connection = null as Connection | null;
  try {
    const result = await checkOne(address, values.avatar ? 'avatar' : 'email', {
      client: async () => (connection = await connectFor(values)).client,
      notAnAddress: (typed) => `${typed} is not an email address; nothing was sent.`,
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
        result.provider ? `provider ${providerName(result.provider, cliWords().t)}` : null,
        result.avatar === true
          ? `avatar ${result.avatarUrl || '(no picture address)'}`
          : result.avatar === false
            ? 'no avatar'
            : null,
      ].filter(Boolean);
      out(`${result.address}: ${result.status}${details.length ? ` (${details.join(', ')})` : ''}`);
    }
    return 0;
  } finally {
    await connection?.close();
  }
}
