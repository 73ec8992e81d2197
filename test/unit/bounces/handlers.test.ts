// The bounce report's channels: the report comes by a one-use token, the
// evidence is saved only where main's Save dialog says (never a path from the
// window), and a save with nothing to save says why.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BounceReportView } from '../../../electron/common/views/bounce-views';
import { createFileGrants } from '../../../electron/files/grants';
import { bouncesHandlers } from '../../../electron/ipc/bounces/handlers';
import type { Jobs } from '../../../electron/jobs/jobs';
import type { BounceMatch } from '../../../electron/bounces/match';

// The match itself is bounces/match.ts's (match.test.ts): here, what the
// channels do around it, with the match each fake job answers.
vi.mock('../../../electron/bounces/match', () => ({
  matchBounceReport: (jobs: FakeJobs, id: string, path: string) => jobs.bounces(id, path),
  lastBounceMatch: (jobs: FakeJobs) => jobs.lastBounces(),
}));

interface FakeJobs {
  bounces(id: string, path: string): Promise<BounceMatch>;
  lastBounces(): Promise<BounceMatch | null>;
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bounce-handlers-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const view = (evidenceRows: number) => ({ jobId: 'job-1', evidenceRows }) as BounceReportView;

function fakeJobs(match: BounceMatch | null, matched: string[]): Jobs {
  return {
    bounces: async (_id: string, path: string) => {
      matched.push(path);
      return match ?? { view: view(0), evidencePath: '' };
    },
    lastBounces: async () => match,
    get: async () => ({ sourcePath: join(dir, 'October list.csv') }),
  } as unknown as Jobs;
}

describe('bounce report channels', () => {
  it('matches the report a token names, once', async () => {
    const report = join(dir, 'bounces.csv');
    await writeFile(report, 'email\na@example.com\n');
    const files = createFileGrants();
    const matched: string[] = [];
    const h = bouncesHandlers(async () => fakeJobs(null, matched), files, {
      chooseSavePath: async () => null,
    });
    const { token } = await files.grant(report);
    await h['bounces:match']({ jobId: 'job-1', token });
    expect(matched).toHaveLength(1);
    await expect(h['bounces:match']({ jobId: 'job-1', token })).rejects.toThrow(
      /no longer open to List Cleaner/,
    );
  });

  it('saves the evidence where the Save dialog says, beside the list by default', async () => {
    const evidencePath = join(dir, '1-evidence.csv');
    await writeFile(evidencePath, 'email\r\na@example.com\r\n');
    const files = createFileGrants();
    const suggested: string[] = [];
    let answer: string | null = null;
    const h = bouncesHandlers(async () => fakeJobs({ view: view(1), evidencePath }, []), files, {
      chooseSavePath: async (path) => {
        suggested.push(path);
        return answer;
      },
    });
    expect(await h['bounces:save']({ jobId: 'job-1' })).toBeNull();
    expect(suggested).toEqual([join(dir, 'October list.bounce-evidence.csv')]);
    answer = join(dir, 'chosen.csv');
    const saved = await h['bounces:save']({ jobId: 'job-1' });
    expect(saved).toMatchObject({ path: answer, rows: 1 });
    expect(files.savedPath(saved?.fileId ?? '')).toBe(answer);
    expect(await readFile(answer, 'utf8')).toBe('email\r\na@example.com\r\n');
  });

  it('says why there is nothing to save', async () => {
    const files = createFileGrants();
    const shell = { chooseSavePath: async () => join(dir, 'x.csv') };
    const none = bouncesHandlers(async () => fakeJobs(null, []), files, shell);
    await expect(none['bounces:save']({ jobId: 'job-1' })).rejects.toThrow(
      /drop its bounce report first/,
    );
    const empty = bouncesHandlers(
      async () => fakeJobs({ view: view(0), evidencePath: join(dir, 'e.csv') }, []),
      files,
      shell,
    );
    await expect(empty['bounces:save']({ jobId: 'job-1' })).rejects.toThrow(/no evidence to save/);
  });
});
