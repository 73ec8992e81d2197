// The outcome log against a disk that fills and a file that is deleted: a
// failed append is tried again (after cutting off whatever part of it got
// written), a lasting failure is the disk's own error, and a log whose file
// was deleted says so after the append instead of writing on into nothing.
// Full-disk writes go to /dev/full: a real ENOSPC.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LogGoneError,
  loadOutcomes,
  openOutcomeLog,
} from '../../../../electron/jobs/storage/outcomes';
import { fillingDisk } from './full-disk';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Opens the log with appends that meet a full disk `full` times, the first `tear` bytes written. */
function filling(plan: { full: number; tear?: number }) {
  const seen = { attempts: 0 };
  return {
    seen,
    disk: fillingDisk(() => {
      seen.attempts += 1;
      if (plan.full <= 0) return null;
      plan.full -= 1;
      return plan.tear ?? 0;
    }, [1, 2, 3]),
  };
}

const records = (from: number, n: number) =>
  Array.from({ length: n }, (_, k) => ({
    index: from + k,
    status: 'deliverable' as const,
    provider: 'provider_code_1',
  }));

describe.skipIf(!existsSync('/dev/full'))('the outcome log on a full disk', () => {
  it('cuts off a half-written line and writes the whole one again', async () => {
    const path = join(dir, 'outcomes.log');
    const { disk, seen } = filling({ full: 2, tear: 9 });
    const log = await openOutcomeLog(path, disk);
    await log.append(records(0, 3));
    await log.append(records(3, 2));
    await log.close();
    expect(seen.attempts).toBe(4);
    const text = await readFile(path, 'utf8');
    expect(text.split('\n').filter(Boolean)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `${i}\td\tprovider_code_1\t\t\u0000`),
    );
  });

  it('gives up after its attempts with the disk error, leaving no part behind', async () => {
    const path = join(dir, 'outcomes.log');
    const { disk, seen } = filling({ full: Infinity, tear: 5 });
    const log = await openOutcomeLog(path, disk);
    await expect(log.append(records(0, 2))).rejects.toMatchObject({
      code: 'ENOSPC',
      syscall: 'write',
    });
    expect(seen.attempts).toBe(4);
    await log.close();
    expect(await readFile(path, 'utf8')).toBe('');
    expect((await loadOutcomes(path, 2)).counts().done).toBe(0);
  });

  it('an append after a failed one is not held back by it', async () => {
    const path = join(dir, 'outcomes.log');
    const plan = { full: 4 };
    const { disk } = filling(plan);
    const log = await openOutcomeLog(path, disk);
    await expect(log.append(records(0, 1))).rejects.toMatchObject({ code: 'ENOSPC' });
    await log.append(records(1, 1));
    await log.close();
    expect((await loadOutcomes(path, 2)).has(1)).toBe(true);
  });
});

describe.skipIf(process.platform === 'win32')('a deleted outcome log', () => {
  it('says so after the append that went nowhere', async () => {
    const path = join(dir, 'outcomes.log');
    const log = await openOutcomeLog(path);
    await log.append(records(0, 1));
    expect(await log.gone()).toBe(false);
    await rm(path);
    expect(await log.gone()).toBe(true);
    await expect(log.append(records(1, 1))).rejects.toBeInstanceOf(LogGoneError);
    await log.close();
  });
});
