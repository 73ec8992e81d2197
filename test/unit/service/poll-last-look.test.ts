// The poll loop counts from the last time the service told us about a task
// (the submit's answer, or a poll before a restart): the first GET waits until
// an interval after it, and every GET is reported when it ends, so a caller can
// keep that time on disk. Proven from the sandbox's request log.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server/server';
import { quickClient } from './support';

const KEY = 'sk_test_poll_last_look';
let sandbox: Sandbox;
let dir: string;

beforeEach(async () => {
  sandbox = await startSandbox({
    accounts: [{ key: KEY, balanceMicros: 100_000_000 }],
    config: { bulkAddressesPerSecond: 2_000, resultNotReadyMs: 0 },
  });
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-poll-'));
});

afterEach(async () => {
  await sandbox.stop();
  await rm(dir, { recursive: true, force: true });
});

const polls = (id: string) =>
  sandbox.requests.filter((r) => r.method === 'GET' && r.path === `/api/v1/bulk-tasks/${id}`);

async function submit(lines: number, key: string) {
  const file = join(dir, `${key}.txt`);
  await writeFile(file, Array.from({ length: lines }, (_, i) => `user${i}@example.com\n`).join(''));
  const client = quickClient(sandbox.url, KEY, { pollIntervalSeconds: 0.25 });
  const task = await client.submitBulk('email_batch', file, key);
  return { client, task, answeredAt: Date.now() };
}

describe('waiting for a bulk task', () => {
  it('asks first an interval after the last look, and reports every look when it ends', async () => {
    const { client, task, answeredAt } = await submit(1_000, 'last-look-1');
    const looked: number[] = [];
    const done = await client.waitForBulk(task.id, {
      lastLookedAt: answeredAt,
      onLooked: (at) => void looked.push(at),
    });
    expect(done.status).toBe('success');
    const gets = polls(task.id);
    expect(gets[0]?.at).toBeGreaterThanOrEqual(answeredAt + 250);
    expect(looked).toHaveLength(gets.length);
    gets.forEach((g, i) => expect(looked[i]).toBeGreaterThanOrEqual(g.endedAt ?? Infinity));
  });

  it('asks at once when the last look is an interval ago, as without one', async () => {
    const { client, task } = await submit(1_000, 'last-look-2');
    const started = Date.now();
    await client.waitForBulk(task.id, { lastLookedAt: started - 10_000 });
    expect(polls(task.id)[0]?.at).toBeLessThan(started + 200);
  });

  it('stops waiting when keeping the look fails, and sends nothing more', async () => {
    const { client, task, answeredAt } = await submit(3_000, 'last-look-3');
    const err = await client
      .waitForBulk(task.id, {
        lastLookedAt: answeredAt,
        onLooked: () => Promise.reject(new Error('no room to keep it')),
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((err as Error).message).toBe('no room to keep it');
    expect(polls(task.id)).toHaveLength(1);
  });
});

describe('a failed look', () => {
  it('is tried again an interval later, never sooner, whatever the retry policy', async () => {
    const { client, task } = await submit(1_000, 'failing-looks');
    // Every look fails at first; the wait paces its own tries.
    sandbox.faults.resetConnection('before', 2, `/api/v1/bulk-tasks/${task.id}`);
    const done = await client.waitForBulk(task.id);
    expect(done.status).toBe('success');
    const at = polls(task.id).map((r) => r.at);
    expect(at.length).toBeGreaterThanOrEqual(3);
    for (let k = 1; k < at.length; k++) {
      expect((at[k] as number) - (at[k - 1] as number)).toBeGreaterThanOrEqual(240);
    }
  });
});
