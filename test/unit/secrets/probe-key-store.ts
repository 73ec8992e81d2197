// Run in a child process by key-store.test.ts with no reachable D-Bus, because
// a process that has once connected to the Secret Service keeps that connection.
import { openKeyStore } from '../../../electron/secrets/key-store';
import { setLogSink } from '../../../electron/lib/log';

const lines: string[] = [];
setLogSink((_level, line) => lines.push(line));
const key = process.argv[2] ?? '';
const store = await openKeyStore({ service: 'List Cleaner probe', platform: 'linux' });
await store.set({ apiKey: key, provenBaseUrl: 'https://api.example.com' });
const readBack = (await store.get())?.apiKey ?? null;
await store.clear();
const afterClear = await store.get();
process.stdout.write(
  JSON.stringify({
    storage: store.storage,
    warning: store.warning,
    readBack,
    afterClear,
    log: lines.join('\n'),
  }),
);
