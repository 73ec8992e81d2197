// `list-cleaner balance`: the account's balance, in USD (written the reader's
// way: $12.50, 12,50 $) or as JSON.
import type { Values } from '../args/args';
import { out } from '../output/print';
import { cash } from '../output/say';
import { withConnection } from './shared';

export async function run(values: Values): Promise<number> {
  return withConnection(values, async ({ client }) => {
    const { balanceMicros } = await client.balance();
    if (values.json) out(JSON.stringify({ balance_micros: balanceMicros }));
    else out(cash(balanceMicros));
    return 0;
  });
}
