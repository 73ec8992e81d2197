#!/usr/bin/env node
// The `list-cleaner` command. It runs the built JavaScript in out/cli (made by
// `npm run build:cli`, which `npm ci` runs as `prepare`, and shipped by
// `npm run pack:cli`). Only a checkout where it was never built (an install
// with --ignore-scripts) runs the TypeScript source through tsx, which
// compiles it at every start.
import { existsSync } from 'node:fs';

const built = new URL('../out/cli/list-cleaner.js', import.meta.url);

async function load() {
  if (existsSync(built)) {
    // Stacks name the sources, not the minified bundle, when someone asks for them.
    if (process.env.LIST_CLEANER_DEBUG) process.setSourceMapsEnabled(true);
    return import(built.href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(new URL('../electron/cli/main.ts', import.meta.url).href);
}

const { main, flushOutput } = await load();
const code = await main(process.argv.slice(2));
// Everything printed goes out first (pipes are asynchronous on Windows); then
// open sockets (keep-alive, a demo sandbox) must not hold the process.
await flushOutput();
process.exit(code);
