// The team's history and spend against a real PostgreSQL this file starts
// for itself: summaries kept per account and replaced when sent again, read
// newest first a page at a time, charges per person per month in the user's
// time zone with charges not known counted apart; and the path from a job
// done against the sandbox to the store, with the store out of reach (the
// summary kept on disk, sent on the next chance), the demo, and no store.
import { readdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMORY } from '../../../electron/lib/account-name';
import { openJobs } from '../../../electron/jobs/jobs';
import { pendingDir, summaryOf } from '../../../electron/history/summaries';
import {
  pushSummary,
  readHistory,
  readSpend,
  type JobSummary,
} from '../../../electron/history/team';
import { openTeamHistory } from '../../../electron/history/views';
import { migrate } from '../../../electron/team/migrations';
import { openTeamStore, type TeamStore } from '../../../electron/team/store';
import { sandboxProviderDomains } from '../../../electron/common/catalogs/providers';
import { addresses, cli, expectComplete, runJob, setup, waitFor, writeList } from '../jobs/support';
import { memoryAccountOf } from '../../../electron/lib/account-name';
import { startPgServer, type PgServer } from '../team/pg-server';

const PASSWORD = 'history-Pw-41';
let server: PgServer;
const opened: TeamStore[] = [];

beforeAll(async () => {
  server = await startPgServer();
  await server.createUser('team', PASSWORD);
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await server?.stop();
}, 30_000);

let databases = 0;
/**
 * A database of its own, set up as a process sets a store up when it first
 * opens it (team/current.ts), unless `setUp` is false.
 */
async function freshStore(setUp = true): Promise<{ store: TeamStore; database: string }> {
  databases += 1;
  const database = `history_${databases}`;
  await server.admin(`CREATE DATABASE ${database} OWNER team`);
  const store = await openTeamStore({ url: server.url('team', database), password: PASSWORD });
  opened.push(store);
  if (setUp) await store.withClient((client) => migrate(client));
  return { store, database };
}

const counts = {
  rows: 10,
  unique: 8,
  deliverable: 5,
  undeliverable: 2,
  unknown: 1,
  invalid: 1,
  duplicates: 1,
  reused: 0,
  paid: 8,
};

function summary(id: string, over: Partial<JobSummary> = {}): JobSummary {
  return {
    id,
    listName: `${id}.csv`,
    osUser: 'ana',
    machine: 'ana-laptop',
    product: 'email',
    finishedAt: '2026-11-20T10:00:00.000Z',
    counts,
    chargedMicros: 8_000,
    ...over,
  };
}

/**
 * A summary as the store holds it, dated exactly (written by the store's
 * owner): for the tests that read history and spend across months. A member
 * sends an age, and the store dates it (pushSummary).
 */
async function kept(database: string, account: string, s: JobSummary): Promise<void> {
  await server.admin(
    `INSERT INTO job_summaries
       (account, id, list_name, os_user, machine, product, finished_at, counts, charged_micros)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    database,
    [
      account,
      s.id,
      s.listName,
      s.osUser,
      s.machine,
      s.product,
      s.finishedAt,
      JSON.stringify(s.counts),
      s.chargedMicros,
    ],
  );
}

describe('history.ts', () => {
  it('keeps a summary per account once, dated by the store when it arrives: sent again it changes nothing; read back newest first a page at a time', async () => {
    const { store } = await freshStore();
    await store.withClient(async (client) => {
      for (let i = 0; i < 5; i++) {
        expect(
          await pushSummary(
            client,
            'key-a',
            summary(`job-${i}`, { finishedAt: `2026-11-0${i + 1}T09:00:00.000Z` }),
          ),
        ).toBe(true);
      }
      await pushSummary(client, 'key-b', summary('job-other'));
      // Sent again (a lost answer, or a member rewriting it): the first one stays, as it was.
      expect(
        await pushSummary(
          client,
          'key-a',
          summary('job-4', { finishedAt: '2020-01-05T09:00:00.000Z', chargedMicros: 9_000 }),
        ),
      ).toBe(false);
      const first = await readHistory(client, 'key-a', { offset: 0, limit: 2 });
      expect(first.total).toBe(5);
      expect(first.unreadable).toBe(0);
      expect(first.summaries.map((s) => s.id)).toEqual(['job-4', 'job-3']);
      const [newest] = first.summaries;
      const sent = summary('job-4', { finishedAt: '2026-11-05T09:00:00.000Z' });
      expect({ ...newest, finishedAt: sent.finishedAt }).toEqual(sent);
      // Dated by the store's clock when it arrived, whatever date the computer gave.
      expect(Math.abs(Date.parse(newest?.finishedAt ?? '') - Date.now())).toBeLessThan(5_000);
      const last = await readHistory(client, 'key-a', { offset: 4, limit: 2 });
      expect(last.summaries.map((s) => s.id)).toEqual(['job-0']);
      expect((await readHistory(client, 'key-c', { offset: 0, limit: 10 })).total).toBe(0);
    });
  });

  it('holds no address: only the columns of a summary', async () => {
    const { store, database } = await freshStore();
    await store.withClient(async (client) => {
      await pushSummary(client, 'key-a', summary('job-1'));
    });
    const columns = await server.admin(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'job_summaries' ORDER BY 1`,
      database,
    );
    expect(columns.rows.map((r: { column_name: string }) => r.column_name)).toEqual([
      'account',
      'charged_micros',
      'counts',
      'finished_at',
      'id',
      'list_name',
      'machine',
      'member',
      'os_user',
      'product',
    ]);
  });

  it('reads an empty history from a store never set up, and skips a row it cannot read', async () => {
    const { store, database } = await freshStore(false);
    await store.withClient(async (client) => {
      expect(await readHistory(client, 'key-a', { offset: 0, limit: 10 })).toEqual({
        total: 0,
        summaries: [],
        unreadable: 0,
      });
      expect(
        await readSpend(client, 'key-a', { months: 12, timeZone: 'UTC', now: new Date() }),
      ).toEqual([]);
      await migrate(client);
      await pushSummary(client, 'key-a', summary('job-1'));
    });
    // A newer or damaged build's row: counts that are not numbers.
    await server.admin(
      `INSERT INTO job_summaries VALUES ('key-a', 'odd', 'odd.csv', 'bo', 'pc', 'email', now(), '{"rows":"many"}', 5)`,
      database,
    );
    const page = await store.withClient((c) => readHistory(c, 'key-a', { offset: 0, limit: 10 }));
    expect(page.total).toBe(2);
    expect(page.unreadable).toBe(1);
    expect(page.summaries.map((s) => s.id)).toEqual(['job-1']);
  });

  it('sums the charges per person per month, in the time zone asked, for the last months only', async () => {
    const { store, database } = await freshStore();
    const now = new Date('2026-11-26T12:00:00Z');
    const rows: [string, Partial<JobSummary>][] = [
      ['a1', { finishedAt: '2026-11-02T10:00:00Z', chargedMicros: 10_000 }],
      ['a2', { finishedAt: '2026-11-03T10:00:00Z', chargedMicros: 25_500, machine: 'ana-desk' }],
      ['a3', { finishedAt: '2026-11-04T10:00:00Z', chargedMicros: null }],
      ['b1', { finishedAt: '2026-11-05T10:00:00Z', chargedMicros: 7_000, osUser: 'bo' }],
      // 23:30 on 31 October in UTC is November in Berlin.
      ['a4', { finishedAt: '2026-10-31T23:30:00Z', chargedMicros: 1_000 }],
      ['a5', { finishedAt: '2026-10-15T10:00:00Z', chargedMicros: 2_000 }],
      // Twelve months back from November 2026 begins with December 2025.
      ['old', { finishedAt: '2025-11-20T10:00:00Z', chargedMicros: 99_000 }],
      ['edge', { finishedAt: '2025-12-01T10:00:00Z', chargedMicros: 3_000 }],
    ];
    for (const [id, over] of rows) await kept(database, 'key-a', summary(id, over));
    await kept(database, 'key-b', summary('elsewhere', { chargedMicros: 50_000 }));
    await store.withClient(async (client) => {
      const berlin = await readSpend(client, 'key-a', {
        months: 12,
        timeZone: 'Europe/Berlin',
        now,
      });
      expect(berlin).toEqual([
        {
          month: '2026-11',
          osUser: 'ana',
          machines: ['ana-desk', 'ana-laptop'],
          jobs: 4,
          chargedMicros: 36_500,
          unknownCharges: 1,
        },
        {
          month: '2026-11',
          osUser: 'bo',
          machines: ['ana-laptop'],
          jobs: 1,
          chargedMicros: 7_000,
          unknownCharges: 0,
        },
        {
          month: '2026-10',
          osUser: 'ana',
          machines: ['ana-laptop'],
          jobs: 1,
          chargedMicros: 2_000,
          unknownCharges: 0,
        },
        {
          month: '2025-12',
          osUser: 'ana',
          machines: ['ana-laptop'],
          jobs: 1,
          chargedMicros: 3_000,
          unknownCharges: 0,
        },
      ]);
      const utc = await readSpend(client, 'key-a', { months: 12, timeZone: 'UTC', now });
      expect(utc.find((c) => c.month === '2026-10')).toMatchObject({
        jobs: 2,
        chargedMicros: 3_000,
      });
    });
  });
});

describe('publishing a finished job', () => {
  const LIST = addresses(30, (i) => `person${i}@example.com`);

  it('sends a job done against the sandbox to the store: counts and charge, never an address', async () => {
    const bench = await setup();
    const { store, database } = await freshStore();
    await bench.jobs({ memory: { account: 'key-team' }, team: async () => store });
    const job = await runJob(bench, await writeList(bench, 'Spring list.csv', LIST));
    expectComplete(job);
    await (await bench.jobs()).stop();
    const page = await store.withClient((c) => readHistory(c, 'key-team', { offset: 0, limit: 5 }));
    expect(page.summaries).toHaveLength(1);
    const [sent] = page.summaries;
    // Dated by the store, as long ago as the job finished by this computer's clock.
    expect(
      Math.abs(Date.parse(sent?.finishedAt ?? '') - Date.parse(job.finishedAt ?? '')),
    ).toBeLessThan(5_000);
    expect(sent).toMatchObject({
      id: job.id,
      listName: 'Spring list.csv',
      product: 'email',
      chargedMicros: job.chargedMicros,
      counts: {
        rows: 30,
        unique: 30,
        deliverable: job.deliverable,
        undeliverable: job.undeliverable,
        unknown: job.unknown,
        paid: job.paid,
      },
    });
    expect(sent?.osUser).not.toBe('');
    expect(sent?.machine).not.toBe('');
    const everything = JSON.stringify(
      (await server.admin('SELECT * FROM job_summaries', database)).rows,
    );
    expect(everything).not.toContain('@example.com');
    // Nothing is left waiting on disk.
    expect(await readdir(pendingDir(bench.dataDir))).toEqual([]);
  });

  it('keeps the summary on disk when the store cannot be reached, and sends it when the jobs are next opened', async () => {
    const bench = await setup();
    const { store } = await freshStore();
    // A port nothing listens on.
    const away = await openTeamStore({
      url: server.url('team', 'nowhere').replace(`:${server.port}/`, ':1/'),
      password: PASSWORD,
      connectTimeoutMs: 2_000,
    });
    opened.push(away);
    await bench.jobs({ memory: { account: 'key-team' }, team: async () => away });
    const job = await runJob(bench, await writeList(bench, 'Offline.csv', LIST));
    // The job is done whatever the store does.
    expectComplete(job);
    await (await bench.jobs()).stop();
    expect(await readdir(pendingDir(bench.dataDir))).toEqual([`${job.id}.json`]);

    // Next time, with the store back: sent, and the file gone.
    const client = bench.client();
    const again = await openJobs({
      dataDir: bench.dataDir,
      client: () => client,
      knownProviders: sandboxProviderDomains,
      memory: { account: 'key-team' },
      team: async () => store,
    });
    await waitFor('the kept summary to be sent', async () => {
      const page = await store.withClient((c) =>
        readHistory(c, 'key-team', { offset: 0, limit: 5 }),
      );
      return page.total === 1;
    });
    await again.stop();
    expect(await readdir(pendingDir(bench.dataDir))).toEqual([]);
  });

  it('never holds a job up: a store that does not answer leaves the job done and the summary on disk', async () => {
    const bench = await setup();
    // Takes the connection and never says a word.
    const silent = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    try {
      const mute = await openTeamStore({
        url: server.url('team', 'nowhere').replace(`:${server.port}/`, `:${port}/`),
        password: PASSWORD,
        connectTimeoutMs: 3_000,
      });
      opened.push(mute);
      await bench.jobs({ memory: { account: 'key-team' }, team: async () => mute });
      const job = await runJob(bench, await writeList(bench, 'Silent.csv', LIST));
      expectComplete(job);
      await waitFor('the summary to be kept', async () =>
        (await readdir(pendingDir(bench.dataDir)).catch((): string[] => [])).includes(
          `${job.id}.json`,
        ),
      );
      await (await bench.jobs()).stop();
      expect(await readdir(pendingDir(bench.dataDir))).toEqual([`${job.id}.json`]);
    } finally {
      silent.close();
    }
  });

  it('publishes nothing for the demo, nor keeps anything when no store is set', async () => {
    const bench = await setup();
    const { store } = await freshStore();
    await bench.jobs({ memory: { account: DEMO_MEMORY }, team: async () => store });
    expectComplete(await runJob(bench, await writeList(bench, 'demo.csv', LIST)));
    await (await bench.jobs()).stop();
    const none = await store.withClient((c) =>
      readHistory(c, DEMO_MEMORY, { offset: 0, limit: 5 }),
    );
    expect(none.total).toBe(0);

    const alone = await setup();
    await alone.jobs({ memory: { account: 'key-alone' }, team: async () => null });
    expectComplete(await runJob(alone, await writeList(alone, 'alone.csv', LIST)));
    await (await alone.jobs()).stop();
    await expect(readdir(pendingDir(alone.dataDir))).rejects.toThrow(/ENOENT/);
  });

  it('says a charge not known as not known, never 0', () => {
    const who = { osUser: 'ana', machine: 'pc' };
    const base = {
      id: 'j',
      fileName: 'a.csv',
      source: null,
      state: 'done',
      finishedAt: '2026-11-20T10:00:00.000Z',
      product: 'email',
      rows: 1,
      unique: 1,
      deliverable: 1,
      undeliverable: 0,
      unknown: 0,
      invalid: 0,
      duplicates: 0,
      reused: 0,
    } as const;
    const view = (paid: number, chargedMicros: number | null) =>
      ({ ...base, paid, chargedMicros }) as unknown as Parameters<typeof summaryOf>[0];
    expect(summaryOf(view(1, null), who)?.chargedMicros).toBeNull();
    expect(summaryOf(view(0, null), who)?.chargedMicros).toBe(0);
    expect(summaryOf(view(1, 1_000), who)?.chargedMicros).toBe(1_000);
  });
});

describe('list-cleaner and the team store', () => {
  it('publishes a job `clean` finishes, and shows the team history and spend', async () => {
    const bench = await setup();
    const { store, database } = await freshStore();
    const env = { ...bench.env(), LIST_CLEANER_TEAM_URL: server.url('team', database, PASSWORD) };
    const list = addresses(12, (i) => `cli${i}@example.com`);
    const cleaned = await cli(['clean', await writeList(bench, 'From the CLI.csv', list)], env);
    expect(cleaned.code, cleaned.stderr).toBe(0);
    const account = memoryAccountOf(bench.key);
    const page = await store.withClient((c) => readHistory(c, account, { offset: 0, limit: 5 }));
    expect(page.summaries.map((s) => s.listName)).toEqual(['From the CLI.csv']);
    await store.withClient((c) =>
      pushSummary(c, account, summary('colleague', { finishedAt: new Date().toISOString() })),
    );

    const history = await cli(['team', 'history', '--json'], env);
    expect(history.code, history.stderr).toBe(0);
    const shown = JSON.parse(history.stdout) as {
      total: number;
      jobs: { listName: string; here: boolean }[];
    };
    expect(shown.total).toBe(2);
    expect(shown.jobs.map((j) => [j.listName, j.here])).toEqual(
      expect.arrayContaining([
        ['From the CLI.csv', true],
        ['colleague.csv', false],
      ]),
    );
    const text = await cli(['team', 'history'], env);
    expect(text.stdout).toContain("The team's 2 finished jobs, newest first");
    expect(text.stdout).toContain('ana on ana-laptop');
    expect(text.stdout).not.toContain('@example.com');

    const spend = await cli(['team', 'spend'], env);
    expect(spend.code, spend.stderr).toBe(0);
    expect(spend.stdout).toMatch(/ana \(ana-laptop\): 1 job\(s\), \$0\.008\n/);
    expect(spend.stdout).toMatch(/Total: \$\d+\.\d{2,6}\n/);
    const spendJson = JSON.parse((await cli(['team', 'spend', '--json'], env)).stdout) as {
      months: { people: { osUser: string }[] }[];
    };
    expect(spendJson.months[0]?.people.map((p) => p.osUser)).toContain('ana');
  });

  it('prints what a member wrote (list, user and machine names) on one line, its controls shown', async () => {
    const bench = await setup({ checkLedger: false });
    const { store, database } = await freshStore();
    const env = { ...bench.env(), LIST_CLEANER_TEAM_URL: server.url('team', database, PASSWORD) };
    // Any member can write these: an escape sequence, a forged line, a bidi override.
    await store.withClient((c) =>
      pushSummary(
        c,
        memoryAccountOf(bench.key),
        summary('forged', {
          listName: 'Spring\x1b[2J\x1b]0;owned\x07.csv\n2026-01-01  fake.csv',
          osUser: 'ana\u202E',
          machine: 'pc\u009b31m',
          finishedAt: new Date().toISOString(),
        }),
      ),
    );
    const history = await cli(['team', 'history'], env);
    expect(history.code, history.stderr).toBe(0);
    const lines = history.stdout.split('\n').filter((l) => l.includes('Spring'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(
      'Spring␛[2J␛]0;owned␇.csv␊2026-01-01  fake.csv  ana\\u202e on pc\\u009b31m',
    );
    expect(history.stdout).not.toMatch(/(?!\n)[\p{Cc}\u202a-\u202e]/u);
    const spend = await cli(['team', 'spend'], env);
    expect(spend.stdout).toContain('ana\\u202e (pc\\u009b31m)');
    expect(spend.stdout).not.toMatch(/(?!\n)[\p{Cc}\u202a-\u202e]/u);
  });

  it('shares nothing for the demo', async () => {
    const { database } = await freshStore();
    const result = await cli(['team', 'history', '--demo'], {
      LIST_CLEANER_DATA_DIR: (await setup()).dataDir,
      LIST_CLEANER_TEAM_URL: server.url('team', database, PASSWORD),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The demo’s jobs are not shared with a team');
  });
});

describe('what the window is shown (history-views.ts)', () => {
  it('tells the jobs run here, covers this month and the eleven before, and refuses what it cannot show in words', async () => {
    const { store, database } = await freshStore();
    await kept(database, 'key-a', summary('mine', { osUser: 'me', machine: 'here' }));
    await kept(database, 'key-a', summary('theirs'));
    const views = (account: string | null, team: TeamStore | null = store) =>
      openTeamHistory({
        store: async () => team,
        account: () => account,
        who: () => ({ osUser: 'me', machine: 'here' }),
        timeZone: () => 'America/New_York',
        // 02:00 UTC on 1 January is still December in New York.
        now: () => new Date('2027-01-01T02:00:00Z'),
      });
    const page = await views('key-a').history({ offset: 0, limit: 10 });
    expect(page.jobs.map((j) => [j.id, j.here])).toEqual([
      ['mine', true],
      ['theirs', false],
    ]);
    const spend = await views('key-a').spend();
    expect([spend.from, spend.to]).toEqual(['2026-01', '2026-12']);
    expect(spend.months.map((m) => m.month)).toEqual(['2026-11']);
    expect(spend.months[0]?.people.map((p) => p.osUser)).toEqual(['ana', 'me']);

    await expect(views(null).history({ offset: 0, limit: 10 })).rejects.toThrow(
      /Set up an account first/,
    );
    await expect(views(DEMO_MEMORY).spend()).rejects.toThrow(/demo’s jobs are not shared/);
    await expect(views('key-a', null).spend()).rejects.toThrow(
      /No team store is connected: connect one in Settings → Team/,
    );
  });
});
