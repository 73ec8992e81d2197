// `list-cleaner balance`: the account's balance, in USD or as JSON.
import type { Values } from '../args';
import { usd } from '../../common/money';
import { out } from '../print';
import { withConnection } from './shared';

export async function run(values: Values): Promise<number> {
  return withConnection(values, async ({ client }) => {
    const { balanceMicros } = await client.balance();
    if (values.json) out(JSON.stringify({ balance_micros: balanceMicros }));
    else out(usd(balanceMicros));
    return 0;
  });
}
