// The account's handlers: thin adapters to account/account.ts, which keeps the
// key, proves it where it is sent, and reads the balance; and the one address
// checked on its own, paid like any other.
import type { Account } from '../../account/account';
import { checkOne } from '../../account/check-one';
import { message } from '../../common/i18n/message';
import type { Handlers } from '../registry';

type AccountChannels =
  | 'key:status'
  | 'key:set'
  | 'key:clear'
  | 'key:confirm'
  | 'demo:start'
  | 'balance:get'
  | 'check:one';

export function accountHandlers(account: Account): Pick<Handlers, AccountChannels> {
  return {
    'key:status': async () => account.status(),
    'key:set': async ({ apiKey, baseUrl }) => account.setKey(apiKey, baseUrl),
    'key:clear': async () => account.clearKey(),
    'key:confirm': async () => account.confirmAddress(),
    'demo:start': async () => account.useDemo(),
    'balance:get': async () => account.balance(),
    'check:one': async ({ address, product }) => {
      const view = await checkOne(address, product, {
        client: () => account.client(),
        notAnAddress: (typed) => message('error.ipc.notAnAddress', { typed }),
      });
      // The check was paid: the balance shown follows it.
      void account.balance().catch(() => undefined);
      return view;
    },
  };
}
