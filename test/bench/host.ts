// Child process: serves either the sandbox or a bare node:http server (the
// baseline) on loopback, in a process of its own so its CPU and RSS are its
// own. Samples its RSS every 50 ms and reports the peak when asked.
import { createServer, type Server } from 'node:http';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { newSandboxKey, startSandbox } from '../../electron/sandbox/server/server';
import type { HostCommand, HostEvent, HostStart, LedgerReport } from './protocol';

const send = (event: HostEvent): void => {
  process.send?.(event);
};

let peakRss = process.memoryUsage.rss();
let samples = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  samples += 1;
}, 50);

// How long the event loop was held up at worst: every request waits that long.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

let stop: (() => Promise<void>) | null = null;
let sandbox: Awaited<ReturnType<typeof startSandbox>> | null = null;

// An answer the size and shape of a single check's, the same for every request.
const envelope = JSON.stringify({
  code: 0,
  msg: 'ok',
  data: {
    service_type: 'email',
    identifier: 'member12345@example.com',
    registered: true,
    provider: 'other',
  },
});

function startBare(file: string | undefined): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/file' && file !== undefined) {
      res.writeHead(200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      pipeline(createReadStream(file), res).catch(() => res.socket?.destroy());
      return;
    }
    // Read the whole body and drop it, then answer the fixed envelope.
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(envelope),
        'Cache-Control': 'no-store',
      });
      res.end(envelope);
    });
  });
  // The same keep-alive window as the sandbox's server.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

async function start(command: HostStart): Promise<void> {
  if (command.mode === 'bare') {
    const bare = await startBare(command.file);
    stop = bare.stop;
    ready(bare.url, []);
    return;
  }
  const accounts = Array.from({ length: command.accounts }, () => ({
    key: newSandboxKey(),
    balanceMicros: command.balanceMicros,
  }));
  const started = await startSandbox({ accounts, config: command.config });
  sandbox = started;
  stop = () => started.stop();
  ready(started.url, started.keys);
}

/** Reports the server up, and starts the peak from here: startup is not the load's. */
function ready(url: string, keys: string[]): void {
  const idleRssBytes = process.memoryUsage.rss();
  peakRss = idleRssBytes;
  loopDelay.reset();
  send({ type: 'ready', url, keys, idleRssBytes });
}

process.on('message', (raw: unknown) => {
  const command = raw as HostCommand;
  switch (command.type) {
    case 'start':
      start(command).catch((err: unknown) => {
        console.error('[host] could not start', err);
        process.exit(1);
      });
      break;
    case 'stats': {
      const rss = process.memoryUsage.rss();
      peakRss = Math.max(peakRss, rss);
      send({
        type: 'stats',
        peakRssBytes: peakRss,
        rssBytes: rss,
        maxRssBytes: process.resourceUsage().maxRSS * 1024,
        samples,
        maxEventLoopDelayMs: loopDelay.max / 1e6,
      });
      break;
    }
    case 'ledger': {
      const key = sandbox?.keys[0];
      if (!sandbox || key === undefined) break;
      const tasks = new Map<string, LedgerReport['tasks'][number]>();
      for (const entry of sandbox.ledger.entries(key)) {
        if (entry.kind === 'credit' || !entry.product?.endsWith('_batch')) continue;
        const task = tasks.get(entry.ref) ?? {
          ref: entry.ref,
          product: entry.product,
          reserved: 0,
          refunded: 0,
        };
        if (entry.kind === 'reserve') task.reserved += entry.addresses;
        else task.refunded += entry.addresses;
        tasks.set(entry.ref, task);
      }
      send({ type: 'ledger', spentMicros: sandbox.ledger.spent(key), tasks: [...tasks.values()] });
      break;
    }
    case 'stop':
      clearInterval(sampler);
      void (stop?.() ?? Promise.resolve()).finally(() => process.exit(0));
      break;
  }
});

// The parent went away (crashed or was interrupted): do not linger.
process.on('disconnect', () => process.exit(0));
