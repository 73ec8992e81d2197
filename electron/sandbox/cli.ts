// `npm run sandbox`: the sandbox service standalone, for trying the client or
// the app against it by hand. Prints its URL and a key; Ctrl-C stops it.
import { parseArgs } from 'node:util';
import { DEFAULT_BALANCE_MICROS, newSandboxKey, startSandbox } from './server/server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    'balance-usd': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--balance-usd 25]');
  process.exit(0);
}

const port = Number(values.port);
const balanceUsd = values['balance-usd'] === undefined ? undefined : Number(values['balance-usd']);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`sandbox: --port must be a whole number from 0 to 65535, not ${values.port}`);
  process.exit(2);
}
if (balanceUsd !== undefined && (!Number.isFinite(balanceUsd) || balanceUsd < 0)) {
  console.error(
    `sandbox: --balance-usd must be a non-negative amount, not ${values['balance-usd']}`,
  );
  process.exit(2);
}

const balanceMicros =
  balanceUsd === undefined ? DEFAULT_BALANCE_MICROS : Math.round(balanceUsd * 1_000_000);
const key = newSandboxKey();
const sandbox = await startSandbox({ host: values.host, port, accounts: [{ key, balanceMicros }] });
console.log(`List Cleaner sandbox service listening on ${sandbox.url}`);
console.log(`API key: ${key}`);
console.log(`Balance: ${(balanceMicros / 1_000_000).toFixed(2)} USD`);
console.log('Press Ctrl-C to stop.');

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void sandbox.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
