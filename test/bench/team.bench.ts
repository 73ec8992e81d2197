// `npm run bench -- team`: the team store's answers against a real
// PostgreSQL this bench starts (fsync and synchronous commit on, as a real
// server runs), each against the local memory (LMDB) doing the same in the
// same run.
//
// 1. Recall: 1,000,000 addresses (half of them known) looked up among
//    20,000,000 remembered answers. Team: the pull a job makes (team-pull.ts:
//    the hashes and the dates held here sent a statement of 20,000 at a time,
//    three at once; the answers that come back written into a fresh local
//    memory). Baseline: the local memory holding the same 20,000,000 answers
//    giving each of the same 1,000,000 addresses its answer
//    (OutcomeMemory.recallMany, what the start reads). Target: 3× at most.
//    Beside it: the fetch alone (answers read, not kept), and the import's
//    bulk read of dates only (OutcomeMemory.datesOf), a lower baseline.
// 2. Remember: 1,000,000 new answers. Team: the outbox written and drained
//    into the 20,000,000-row table (team-memory.ts's push). Baseline: the
//    local memory remembering them (OutcomeMemory.remember). Target: 2× at most.
// 3. Twenty writers at once, each pushing the same 20,000 keys (in its own
//    order, each with its own date) and 20,000 of its own, a statement of
//    2,000 at a time: no deadlock, nothing lost, the newest answer kept for
//    every key. Baseline: one writer pushing the same answers alone.
// 4. Size: bytes per answer of the table and its index, against the local
//    memory's file.
//
// The 20,000,000 answers are the same in both: addresses hashed here and
// sent to the server a million hashes (one bytea) at a time, the rows made
// there (generate_series) and the key's index built once after the load;
// the local memory remembers the same addresses.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSpots } from '../../electron/lib/addresses/address-hash';
import {
  memoryDir,
  openOutcomeMemory,
  type OutcomeMemory,
} from '../../electron/memory/outcome-memory';
import { pullAnswers, pushAnswers, type TeamAnswer } from '../../electron/memory/team/answers';
import { PER_STATEMENT, accountIdOf } from '../../electron/team/accounts';
import { teamAddressHash } from '../../electron/team/address-key';
import { openOutbox } from '../../electron/memory/team/outbox';
import { openTeamStore, type TeamStore } from '../../electron/team/store';
import { partsOfAddresses, pullPart } from '../../electron/memory/team/pull';
import { startPgServer, type PgServer } from '../unit/team/pg-server';
import { loadavg } from 'node:os';
import { MB, emit as emitFigure, log, type Figure } from './report';

/** Each figure says how busy the machine was: the store's server shares its cores with everything else. */
const emit = (figure: Figure): void =>
  emitFigure({
    ...figure,
    extra: { ...figure.extra, loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100 },
  });

const STORED = Number(process.env.TEAM_BENCH_STORED ?? 20_000_000);
const RECALLED = 1_000_000;
const REMEMBERED = 1_000_000;
const WRITERS = 20;
const SHARED_KEYS = 20_000;
const OWN_KEYS = 20_000;
const WRITER_BATCH = 2_000;
const ACCOUNT = 'key-0123456789abcdef0123456789abcdef';
/** Its number in the store: the first account the store is given. */
let ACCOUNT_ID = 0;
const PASSWORD = 'bench-Pw-41d';
const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;

/** Stored answer i's address; a recalled address not stored is `m<k>@bench.test`. */
const storedAddress = (i: number): string => `a${i}@bench.test`;

/** The answer stored for address i. */
const storedOutcome = (i: number) => ({
  status: i % 2 === 0 ? ('deliverable' as const) : ('undeliverable' as const),
  provider: i % 3 === 0 ? 'gmail' : null,
  avatar: null,
  avatarUrl: null,
});
const STORED_AT = NOW - DAY;

async function loadStore(server: PgServer, db: string): Promise<number> {
  const started = performance.now();
  const sql = (text: string, values: unknown[] = []) => server.admin(text, db, values);
  // Loaded without the key's index, which is then built once: the fastest
  // way in, as a restore would do it.
  await sql('ALTER TABLE answers DROP CONSTRAINT answers_pkey');
  const step = 1_000_000;
  for (let from = 0; from < STORED; from += step) {
    const count = Math.min(step, STORED - from);
    const hashes = Buffer.allocUnsafe(count * 16);
    for (let k = 0; k < count; k++) teamAddressHash(storedAddress(from + k)).copy(hashes, k * 16);
    await sql(
      `INSERT INTO answers (account_id, addr_hash, product, status, provider, avatar, avatar_url, answered_at)
       SELECT $1, substring($2::bytea FROM k * 16 + 1 FOR 16), 0,
              CASE WHEN ($3 + k) % 2 = 0 THEN 1 ELSE 2 END,
              CASE WHEN ($3 + k) % 3 = 0 THEN 'gmail' END, NULL, NULL, to_timestamp($4)
         FROM generate_series(0, $5 - 1) AS k`,
      [ACCOUNT_ID, hashes, from, STORED_AT, count],
    );
  }
  await sql('ALTER TABLE answers ADD PRIMARY KEY (account_id, addr_hash, product)');
  await sql('VACUUM ANALYZE answers');
  return performance.now() - started;
}

function* storedAnswers(
  from: number,
  to: number,
): Generator<[string, ReturnType<typeof storedOutcome>]> {
  for (let i = from; i < to; i++) yield [storedAddress(i), storedOutcome(i)];
}

async function loadMemory(memory: OutcomeMemory): Promise<number> {
  const started = performance.now();
  const step = 2_000_000;
  for (let from = 0; from < STORED; from += step) {
    const to = Math.min(STORED, from + step);
    await memory.remember('email', storedAnswers(from, to), STORED_AT, to - from);
    log(`team: local memory ${to.toLocaleString('en-US')} of ${STORED.toLocaleString('en-US')}`);
  }
  return performance.now() - started;
}

/** The recalled list: every other address stored (spread over all of them), the rest not. */
function recalledAddresses(): string[] {
  return Array.from({ length: RECALLED }, (_, k) =>
    k % 2 === 0 ? storedAddress((k * 7919) % STORED) : `m${k}@bench.test`,
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** The answers fetched alone, three statements at once, nothing kept. */
async function fetchOnly(store: TeamStore, addresses: readonly string[]): Promise<number> {
  let found = 0;
  const zero = new Uint32Array(PER_STATEMENT);
  const hashes = Buffer.allocUnsafe(addresses.length * 16);
  addresses.forEach((a, k) => teamAddressHash(a).copy(hashes, k * 16));
  const starts: number[] = [];
  for (let first = 0; first < addresses.length; first += PER_STATEMENT) starts.push(first);
  for (let k = 0; k < starts.length; k += 3) {
    const counts = await Promise.all(
      starts.slice(k, k + 3).map((first) => {
        const last = Math.min(addresses.length, first + PER_STATEMENT);
        const query = {
          hashes: hashes.subarray(first * 16, last * 16),
          emailSince: zero.subarray(0, last - first),
          avatarSince: zero.subarray(0, last - first),
        };
        return store.withClient((c) => pullAnswers(c, ACCOUNT_ID, query, NOW - 365 * DAY));
      }),
    );
    for (const c of counts) found += c.length;
  }
  return found;
}

function* newAnswers(): Generator<[string, ReturnType<typeof storedOutcome>]> {
  for (let i = 0; i < REMEMBERED; i++) yield [`new${i}@bench.test`, storedOutcome(i)];
}

async function recallFigures(store: TeamStore, memory: OutcomeMemory, dir: string) {
  const addresses = recalledAddresses();
  const local = await timed(async () => {
    let known = 0;
    for (const answer of memory.recallMany('email', addresses, 365)) if (answer) known += 1;
    return known;
  });
  const spots = createSpots(RECALLED);
  for (const a of addresses) spots.addAddress(a);
  const dates = await timed(() => memory.datesOf(spots.done(), 365));
  const fetched = await timed(() => fetchOnly(store, addresses));
  const fresh = await openOutcomeMemory(join(dir, 'fresh'), { account: ACCOUNT });
  const pull = () =>
    timed(async () => {
      let n = 0;
      await partsOfAddresses(addresses, async (part) => {
        n += await pullPart(part, {
          store,
          accountId: ACCOUNT_ID,
          memory: fresh,
          nowSeconds: NOW,
          within: (work) => work,
        });
      });
      return n;
    });
  const pulled = await pull();
  // Pulled again: every answer is held here now, so none comes back.
  const again = await pull();
  await fresh.close();
  emit({
    name: 'team.recall_1m_of_20m',
    value: pulled.ms,
    unit: 'ms',
    baseline: local.ms,
    better: 'lower',
    extra: {
      measured:
        'team: pull of 1,000,000 addresses (half known) into an empty local memory, fetch and keep; baseline: LMDB recallMany of the same 1,000,000 in a memory of the same 20,000,000 answers',
      stored: STORED,
      recalled: RECALLED,
      knownLocal: local.value,
      pulled: pulled.value,
      fetchOnlyMs: Math.round(fetched.ms),
      fetchOnlyRatio: Math.round((fetched.ms / local.ms) * 100) / 100,
      fetched: fetched.value,
      pullAgainMs: Math.round(again.ms),
      pulledAgain: again.value,
      localDatesOfMs: Math.round(dates.ms),
      ratioToDatesOf: Math.round((pulled.ms / dates.ms) * 100) / 100,
      targetRatio: 3,
      okRatio: pulled.ms / local.ms <= 3,
    },
  });
}

async function rememberFigures(store: TeamStore, memory: OutcomeMemory, dir: string) {
  const local = await timed(() => memory.remember('email', newAnswers(), NOW, REMEMBERED));
  const outbox = openOutbox(dir, ACCOUNT);
  const queued = await timed(() => outbox.append('email', newAnswers(), NOW));
  const pushed = await timed(() =>
    outbox.drain((batch) =>
      store.withClient((c) => pushAnswers(c, ACCOUNT_ID, batch)).then(() => undefined),
    ),
  );
  const team = queued.ms + pushed.ms;
  emit({
    name: 'team.remember_1m',
    value: team,
    unit: 'ms',
    baseline: local.ms,
    better: 'lower',
    extra: {
      measured:
        'team: 1,000,000 new answers written to the outbox and pushed from it into the 20,000,000-row table; baseline: LMDB remember of the same into a memory of 20,000,000',
      stored: STORED,
      outboxMs: Math.round(queued.ms),
      pushMs: Math.round(pushed.ms),
      localStored: local.value.stored,
      pushed: pushed.value,
      targetRatio: 2,
      okRatio: team / local.ms <= 2,
    },
  });
}

/** Writer w's answers: the shared keys in its own order (dated NOW - 100 + w), then its own. */
function writerAnswers(w: number): TeamAnswer[] {
  const answers: TeamAnswer[] = [];
  for (let k = 0; k < SHARED_KEYS; k++) {
    const key = (k * (2 * w + 1) + w * 977) % SHARED_KEYS;
    answers.push({
      hash: teamAddressHash(`shared${key}@bench.test`),
      product: 'email',
      outcome: { status: w % 2 ? 'deliverable' : 'undeliverable' },
      answeredAt: NOW - 100 + w,
    });
  }
  for (let k = 0; k < OWN_KEYS; k++) {
    answers.push({
      hash: teamAddressHash(`own${w}.${k}@bench.test`),
      product: 'email',
      outcome: { status: 'deliverable' },
      answeredAt: NOW,
    });
  }
  return answers;
}

async function pushAll(store: TeamStore, account: string, answers: TeamAnswer[]): Promise<void> {
  const id = await store.withClient((c) => accountIdOf(c, account));
  for (let i = 0; i < answers.length; i += WRITER_BATCH) {
    await store.withClient((c) => pushAnswers(c, id, answers.slice(i, i + WRITER_BATCH)));
  }
}

async function writersFigure(server: PgServer, db: string, url: string) {
  const account = 'key-writers0000000000000000000000000';
  const lists = Array.from({ length: WRITERS }, (_, w) => writerAnswers(w));
  const opened = await Promise.all(lists.map(() => openTeamStore({ url, password: PASSWORD })));
  let deadlocks = 0;
  let failures = 0;
  try {
    const alone = await timed(() => pushAll(opened[0] as TeamStore, 'key-alone', lists.flat()));
    const together = await timed(() =>
      Promise.all(
        lists.map((answers, w) =>
          pushAll(opened[w] as TeamStore, account, answers).catch((e: unknown) => {
            failures += 1;
            if (/deadlock/i.test(String(e))) deadlocks += 1;
            log(`team: writer ${w} failed: ${String(e)}`);
          }),
        ),
      ),
    );
    const count = await server.admin(
      `SELECT count(*)::int AS n,
              -- Dated by the store (now() less the age sent): the newest writer's second, give or take the trip.
              count(*) FILTER (WHERE answered_at > to_timestamp($2 - 0.5))::int AS newest
         FROM answers WHERE account_id = (SELECT id FROM accounts WHERE name = $1)`,
      db,
      [account, NOW - 100 + WRITERS - 1],
    );
    const { n, newest } = count.rows[0] as { n: number; newest: number };
    const expected = SHARED_KEYS + WRITERS * OWN_KEYS;
    emit({
      name: 'team.writers_20',
      value: together.ms,
      unit: 'ms',
      baseline: alone.ms,
      better: 'lower',
      extra: {
        measured: `${WRITERS} writers at once, each ${SHARED_KEYS} shared keys in its own order and ${OWN_KEYS} of its own, statements of ${WRITER_BATCH}; baseline: one writer pushing all of them alone`,
        writers: WRITERS,
        deadlocks,
        failures,
        rows: n,
        expectedRows: expected,
        lost: expected - n,
        sharedKeysWithNewest: newest,
        ok: deadlocks === 0 && failures === 0 && n === expected && newest === SHARED_KEYS,
      },
    });
  } finally {
    await Promise.all(opened.map((s) => s.close()));
  }
}

async function sizeFigure(server: PgServer, db: string, memory: OutcomeMemory, dir: string) {
  const result = await server.admin(
    `SELECT pg_relation_size('answers')::float8 AS heap,
            pg_indexes_size('answers')::float8 AS index,
            pg_total_relation_size('answers')::float8 AS total,
            (SELECT count(*) FROM answers)::float8 AS n`,
    db,
  );
  const { heap, index, total, n } = result.rows[0] as Record<string, number>;
  let bytes = 0;
  for (const name of await readdir(memoryDir(dir))) {
    bytes += (await stat(join(memoryDir(dir), name))).size;
  }
  const file = { size: bytes };
  const localAnswers = memory.size();
  emit({
    name: 'team.bytes_per_answer',
    value: (total as number) / (n as number),
    unit: 'B',
    baseline: file.size / localAnswers,
    better: 'lower',
    extra: {
      measured:
        'team: the answers table with its index and TOAST, per row; baseline: the local memory file per answer',
      rows: n as number,
      heapBytesPerRow: Math.round((heap as number) / (n as number)),
      indexBytesPerRow: Math.round((index as number) / (n as number)),
      totalMb: Math.round((total as number) / MB),
      localMb: Math.round(file.size / MB),
    },
  });
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'lc-team-bench-'));
  log('team: starting PostgreSQL');
  const server = await startPgServer({
    settings: {
      fsync: 'on',
      synchronous_commit: 'on',
      full_page_writes: 'on',
      shared_buffers: '1GB',
      max_wal_size: '8GB',
      maintenance_work_mem: '1GB',
      checkpoint_timeout: '30min',
      wal_compression: 'lz4',
    },
  });
  let store: TeamStore | null = null;
  let memory: OutcomeMemory | null = null;
  try {
    await server.createUser('team', PASSWORD, 'team');
    const url = server.url('team', 'team');
    store = await openTeamStore({ url, password: PASSWORD });
    await store.test();
    ACCOUNT_ID = await store.withClient((c) => accountIdOf(c, ACCOUNT));
    log(`team: loading ${STORED.toLocaleString('en-US')} answers into PostgreSQL`);
    const pgLoad = await loadStore(server, 'team');
    log(`team: PostgreSQL loaded in ${(pgLoad / 1000).toFixed(1)} s`);
    memory = await openOutcomeMemory(dir, { account: ACCOUNT });
    const lmdbLoad = await loadMemory(memory);
    log(`team: local memory loaded in ${(lmdbLoad / 1000).toFixed(1)} s`);
    await recallFigures(store, memory, dir);
    await rememberFigures(store, memory, dir);
    await sizeFigure(server, 'team', memory, dir);
    await writersFigure(server, 'team', url);
  } finally {
    await memory?.close();
    await store?.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
