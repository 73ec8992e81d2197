// results:pending through the handler table: the job a notification click
// asked for while no window listened, given to the window that asks, once;
// nothing where the shell has no notifications (the tests' and the CLI's).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';

const cores: Core[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function open(pending?: () => string | null) {
  const dir = await mkdtemp(join(tmpdir(), 'list-cleaner-pending-'));
  dirs.push(dir);
  const core = await createCore({
    dataDir: dir,
    keyStore: createMemoryKeyStore(null),
    shell: {
      updates: {
        status: () => ({ state: 'off', version: null, progress: null, message: null }),
        restart: () => undefined,
      },
      ...(pending ? { takePendingResults: pending } : {}),
    },
  });
  cores.push(core);
  return core;
}

describe('results:pending', () => {
  it('gives the job a click asked for, once', async () => {
    let waiting: string | null = '20261123120000-abc123';
    const core = await open(() => {
      const jobId = waiting;
      waiting = null;
      return jobId;
    });
    expect(await core.registry.invoke('results:pending', undefined)).toEqual({
      ok: true,
      value: { jobId: '20261123120000-abc123' },
    });
    expect(await core.registry.invoke('results:pending', undefined)).toEqual({
      ok: true,
      value: null,
    });
  });

  it('is nothing where the shell shows no notifications', async () => {
    const core = await open();
    expect(await core.registry.invoke('results:pending', undefined)).toEqual({
      ok: true,
      value: null,
    });
  });
});
