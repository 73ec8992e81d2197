// Checking one address, the same rule in every shell (the app's Quick check
// and `list-cleaner check`): the address is normalized and validated first,
// what is not an address is refused without being sent (nothing is charged,
// and no account or demo sandbox is even needed for it), and the rest goes
// to a single check under the product's service code.
import type { Message } from '../common/i18n/message';
import type { CheckView } from '../common/views/views';
import { syncProduct, type JobProduct } from '../common/model';
import { AppError } from '../lib/app-error';
import { isValidAddress, normalizeCell } from '../lib/addresses/address';
import type { ServiceClient } from '../service/client';

export interface CheckOneOptions {
  /** The client, asked for only once the address is known to be one. */
  client: () => ServiceClient | Promise<ServiceClient>;
  /** How the shell words the refusal of `address` (as it was typed). */
  notAnAddress: (address: string) => string | Message;
}

export async function checkOne(
  address: string,
  product: JobProduct,
  options: CheckOneOptions,
): Promise<CheckView> {
  const normalized = normalizeCell(address);
  if (!isValidAddress(normalized)) {
    throw new AppError('invalid_input', options.notAnAddress(address));
  }
  const client = await options.client();
  const result = await client.check(syncProduct(product), normalized);
  return {
    address: result.identifier,
    status: result.outcome,
    provider: result.provider,
    avatar: result.avatar,
    avatarUrl: result.avatarUrl,
  };
}
