#!/usr/bin/env node
// The `list-cleaner` command: runs the TypeScript source through tsx, so
// `npx list-cleaner` works in a fresh clone right after `npm ci`, no build step.
import { register } from 'tsx/esm/api';

register();
const { main, flushOutput } = await import(
  new URL('../electron/cli/main.ts', import.meta.url).href
);
const code = await main(process.argv.slice(2));
// Everything printed goes out first (pipes are asynchronous on Windows); then
// open sockets (keep-alive, a demo sandbox) must not hold the process.
await flushOutput();
process.exit(code);
