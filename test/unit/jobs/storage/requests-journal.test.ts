// The journal of synchronous requests and what a run after a crash counts
// from it: open entries whose addresses have no outcome, a line torn by the
// crash skipped (its request was never sent), nothing counted twice when the
// count was saved and the journal not yet removed.
import { appendFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readJournal, startJournal } from '../../../../electron/jobs/storage/requests-journal';
import { settleJournal } from '../../../../electron/jobs/money/exposure';
import { systemDisk } from '../../../../electron/jobs/storage/disk';
import type { JobRecord } from '../../../../electron/jobs/storage/record';

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-journal-'));
  path = join(dir, 'requests.journal');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** The only part of a record the count reads and writes. */
const recordOf = () =>
  ({ stoppedMidCheck: { addresses: 0, stops: 0, run: null } }) as unknown as JobRecord;

describe('the request journal', () => {
  it('keeps open what was sent and not ended, and writes nothing for a run that sent nothing', async () => {
    const idle = startJournal(path, systemDisk);
    await idle.end();
    await expect(stat(path)).rejects.toThrow();

    const journal = startJournal(path, systemDisk);
    const multi = await journal.open('multi', range(0, 100));
    const single = await journal.open('single', [100]);
    const refused = await journal.open('single', [101]);
    expect(journal.inFlight()).toEqual({ multi: 1, single: 2 });
    await journal.close(single, 'answered');
    await journal.close(refused, 'refused');
    // The process dies here: the multi check is still out.
    const left = await readJournal(path);
    expect(left?.open).toEqual([
      { kind: 'multi', sentAt: expect.any(Number) as unknown, positions: range(0, 100) },
    ]);
    await journal.close(multi, 'answered');
    await journal.end();
    // Every request ended: nothing is left for the next run.
    await expect(stat(path)).rejects.toThrow();
  });

  it('counts the addresses in flight at a kill once, those with an outcome not at all', async () => {
    const journal = startJournal(path, systemDisk);
    await journal.open('multi', range(0, 100));
    await journal.open('single', [100]);
    // Killed: no close, no end. Then a line torn by the power cut.
    await appendFile(path, '{"o":2,"kind":"sing');
    const record = recordOf();
    let saves = 0;
    // Position 5's answer was kept before the kill (the outcome log is written first).
    const outcomes = { has: (p: number) => p === 5 };
    const counted = await settleJournal(path, record, outcomes, () => {
      saves += 1;
      return Promise.resolve();
    });
    expect(counted).toBe(100);
    expect(record.stoppedMidCheck).toMatchObject({ addresses: 100, stops: 1 });
    expect(saves).toBe(1);
    await expect(stat(path)).rejects.toThrow();
    await journal.end();
  });

  it('never counts a journal twice, though the crash came between the save and the removal', async () => {
    const journal = startJournal(path, systemDisk);
    await journal.open('multi', range(0, 40));
    const kept = await readFile(path, 'utf8');
    const record = recordOf();
    const none = { has: () => false };
    expect(await settleJournal(path, record, none, () => Promise.resolve())).toBe(40);
    // The record was saved; the journal comes back as if its removal never happened.
    await appendFile(path, kept);
    expect(await settleJournal(path, record, none, () => Promise.resolve())).toBe(0);
    expect(record.stoppedMidCheck).toMatchObject({ addresses: 40, stops: 1 });
    await journal.end();
  });
});
