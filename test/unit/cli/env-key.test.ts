// A key from the environment goes nowhere nobody proved: with only
// LIST_CLEANER_API_KEY set and no saved key, a settings.json naming another
// server (which the window, or any program of the user, could have written)
// never receives it. Only LIST_CLEANER_BASE_URL beside it sends it there.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { err } from '../../../electron/cli/output/print';
import { registerSecret } from '../../../electron/lib/log';
import { cli, failureLines } from '../jobs/support';

const KEY = 'sk_live_env_only_4c4c4c';
let dir: string;
let other: { server: Server; url: string; seen: IncomingHttpHeaders[] };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-env-key-'));
  const seen: IncomingHttpHeaders[] = [];
  // Refuses every key, quoting it back in its message, as a careless server might.
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ code: 40100, msg: `invalid key ${String(req.headers['x-api-key'])}` }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  other = { server, url: `http://127.0.0.1:${port}`, seen };
  await mkdir(join(dir, 'data'));
  await writeFile(join(dir, 'data', 'settings.json'), JSON.stringify({ baseUrl: other.url }));
});
afterEach(async () => {
  await new Promise((resolve) => other.server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('a key from the environment alone', () => {
  it('never reaches the server settings.json names: nothing is sent, one line says why', async () => {
    const result = await cli(['balance'], {
      LIST_CLEANER_API_KEY: KEY,
      LIST_CLEANER_DATA_DIR: join(dir, 'data'),
    });
    expect(result.code).toBe(1);
    expect(other.seen).toEqual([]);
    const lines = failureLines(result.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`LIST_CLEANER_BASE_URL=${other.url}`);
    expect(lines[0]).toContain('Nothing was sent or charged');
    expect(result.stderr + result.stdout).not.toContain(KEY);
  });

  it('goes there once LIST_CLEANER_BASE_URL names it too: the user’s own choice', async () => {
    const result = await cli(['balance'], {
      LIST_CLEANER_API_KEY: KEY,
      LIST_CLEANER_BASE_URL: other.url,
      LIST_CLEANER_DATA_DIR: join(dir, 'data'),
    });
    expect(result.code).toBe(1);
    expect(other.seen).toHaveLength(1);
    expect(other.seen[0]?.['x-api-key']).toBe(KEY);
    // Refused there, quoting the key back: no line printed holds it.
    expect(failureLines(result.stderr)).toHaveLength(1);
    expect(result.stderr + result.stdout).not.toContain(KEY);
  });
});

describe('every line the command prints', () => {
  it('is redacted: a key read from the environment never reaches the terminal', () => {
    registerSecret(KEY);
    const written: string[] = [];
    const spy = vi
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => written.push(String(chunk)) > 0);
    try {
      err(`list-cleaner: the service said "invalid key ${KEY}"`);
    } finally {
      spy.mockRestore();
    }
    expect(written).toEqual(['list-cleaner: the service said "invalid key [redacted]"\n']);
  });
});
