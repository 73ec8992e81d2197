// No address paid for twice, from the command line: a list cleaned again
// within the reuse window takes the answers already paid for (the sandbox's
// ledger proves the second run paid nothing the first did), --reuse-days 0
// pays again, and the app's core and `list-cleaner` on the same data folder
// reuse each other's answers, for a key (the same fingerprint) and for the
// demo (whose jobs and memory both keep under <dataDir>/demo).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import type { EstimateView, ImportView, JobView } from '../../../electron/ipc/contract';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';
import { cli, jobsOnDisk, setup, type Bench } from '../jobs/support';

/** 6 answers the service charges for, and one it cannot determine (free, and never kept). */
const LIST = [
  'deliverable+1@gmail.com',
  'deliverable+2@outlook.com',
  'undeliverable+1@gmail.com',
  'deliverable+3@yahoo.com',
  'undeliverable+2@example.com',
  'deliverable+4@example.com',
  'undetermined+1@example.com',
];

async function listFile(b: Bench, name = 'news.csv'): Promise<string> {
  const path = join(b.dir, name);
  await writeFile(path, `email\n${LIST.join('\n')}\n`);
  return path;
}

const envOf = (b: Bench) => ({ ...b.env(), LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9' });

type Summary = Record<string, number | string | null>;
async function clean(b: Bench, file: string, more: string[] = [], env = envOf(b)) {
  const result = await cli(['clean', file, '--json', ...more], env);
  expect(result.code, result.stderr).toBe(0);
  return { summary: JSON.parse(result.stdout) as Summary, stderr: result.stderr };
}

describe('clean, twice', () => {
  it('the second run reuses every answer paid for, free; the ledger shows each paid once', async () => {
    const b = await setup();
    const file = await listFile(b);
    const first = await clean(b, file, ['--flags', '--out', join(b.dir, 'first.csv')]);
    expect(first.summary).toMatchObject({ paid: 6, reused: 0, unknown: 1 });
    expect(b.sandbox.ledger.spent(b.key)).toBe(6_000);

    const second = await clean(b, file, ['--flags', '--out', join(b.dir, 'second.csv')]);
    expect(second.summary).toMatchObject({
      unique: 7,
      deliverable: 4,
      undeliverable: 2,
      unknown: 1,
      reused: 6,
      paid: 0,
      charged_micros: 0,
    });
    // Only the undetermined address went again, and it is free.
    expect(b.sandbox.ledger.spent(b.key)).toBe(6_000);
    expect(second.stderr).toMatch(/^6 checked in the last 30 days: reused, free\.$/m);
    expect(second.stderr).toMatch(/^Sending 1 of 7 addresses\. Estimated charge \$0\.001;/m);
    expect(second.stderr).toMatch(
      /^Not paid for, thanks to the free steps: \$0\.006 for answers reused\.$/m,
    );

    // The same statuses; the reused rows say so, with the day of their answer.
    const rows = async (name: string) =>
      (await readFile(join(b.dir, name), 'utf8'))
        .trim()
        .split('\n')
        .map((l) => l.split(','));
    const [head, ...again] = await rows('second.csv');
    const before = (await rows('first.csv')).slice(1);
    expect(head).toEqual([
      'email',
      'email_status',
      'email_provider',
      'email_flags',
      'email_checked_at',
    ]);
    expect(again.map((r) => r.slice(0, 3))).toEqual(before.map((r) => r.slice(0, 3)));
    const gmail = again.find((r) => r[0] === 'deliverable+1@gmail.com') ?? [];
    expect(gmail[3]?.split(' ')).toContain('reused');
    expect(gmail[4]).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const undetermined = again.find((r) => r[0] === 'undetermined+1@example.com') ?? [];
    expect(undetermined[3] ?? '').not.toContain('reused');
  });

  it('--reuse-days 0 pays for every answer again', async () => {
    const b = await setup();
    const file = await listFile(b);
    await clean(b, file);
    const again = await clean(b, file, ['--reuse-days', '0', '--out', join(b.dir, 'again.csv')]);
    expect(again.summary).toMatchObject({ reused: 0, paid: 6 });
    expect(again.stderr).not.toMatch(/reused, free/);
    expect(b.sandbox.ledger.spent(b.key)).toBe(12_000);
  });
});

/** The app's core on the bench's data folder (the keychain in memory; the user says yes to the sandbox's address). */
async function appCore(dataDir: string): Promise<Core> {
  const core = await createCore({
    dataDir,
    keyStore: createMemoryKeyStore(null),
    shell: { consent: async () => true },
  });
  onTestFinished(() => core.dispose());
  return core;
}

const DEFAULT_SKIP = { disposable: true, noMail: true, role: false };

async function invoke<T>(core: Core, channel: string, input: unknown): Promise<T> {
  const answer = (await core.registry.invoke(channel as never, input as never)) as {
    ok: boolean;
    value?: T;
    error?: { message: string };
  };
  if (!answer.ok) throw new Error(answer.error?.message ?? `${channel} failed`);
  return answer.value as T;
}

/** Imports and runs a list in the app, as Start does; its estimate and the job as it ended. */
async function runInApp(core: Core, file: string) {
  const { token } = await core.files.grant(file);
  const view = await invoke<ImportView>(core, 'list:import', { token });
  const jobId = view.job.id;
  const estimate = await invoke<EstimateView>(core, 'job:estimate', {
    jobId,
    product: 'email',
    skip: DEFAULT_SKIP,
  });
  await invoke<JobView>(core, 'job:start', { jobId, product: 'email', skip: DEFAULT_SKIP });
  const done = await (await core.workspace.jobs()).finished(jobId);
  return { estimate, done };
}

describe('the app and the command line on one data folder', () => {
  it('share the answers paid for with a key, both ways', async () => {
    const b = await setup();
    const core = await appCore(b.dataDir);
    await invoke(core, 'key:set', { apiKey: b.key, baseUrl: b.sandbox.url });

    // Cleaned in the app first: the command line pays for none of it again.
    const inApp = await runInApp(core, await listFile(b, 'app-first.csv'));
    expect(inApp.done).toMatchObject({ state: 'done', paid: 6 });
    const cliAfter = await clean(b, join(b.dir, 'app-first.csv'));
    expect(cliAfter.summary).toMatchObject({ reused: 6, paid: 0 });
    expect(b.sandbox.ledger.spent(b.key)).toBe(6_000);

    // Another list cleaned by the command line first: the app's review and run reuse it.
    const other = join(b.dir, 'cli-first.csv');
    await writeFile(other, 'email\ndeliverable+9@gmail.com\nundeliverable+9@gmail.com\n');
    expect((await clean(b, other)).summary).toMatchObject({ paid: 2 });
    const appAfter = await runInApp(core, other);
    expect(appAfter.estimate).toMatchObject({ toSend: 0, reused: { count: 2, days: 30 } });
    expect(appAfter.done).toMatchObject({ state: 'done', reused: 2, paid: 0 });
    expect(b.sandbox.ledger.spent(b.key)).toBe(8_000);
  });

  it('share the demo’s answers, its jobs kept under <dataDir>/demo as the app keeps them', async () => {
    const b = await setup();
    const core = await appCore(b.dataDir);
    await invoke(core, 'demo:start', undefined);
    const file = await listFile(b);
    const inApp = await runInApp(core, file);
    expect(inApp.done).toMatchObject({ state: 'done', paid: 6 });

    const demo = { LIST_CLEANER_DATA_DIR: b.dataDir, LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9' };
    const onCli = await clean(b, file, ['--demo'], demo);
    expect(onCli.summary).toMatchObject({ reused: 6, paid: 0 });
    const demoJobs = await jobsOnDisk(join(b.dataDir, 'demo'));
    expect(demoJobs.map((j) => j.id).sort()).toEqual([inApp.done.id, onCli.summary.job].sort());
    // Nothing of the demo's among the real jobs, nor on the real service.
    expect(await jobsOnDisk(b.dataDir)).toEqual([]);
    expect(b.sandbox.ledger.spent(b.key)).toBe(0);
  });
});
