// Claims on addresses, the same in both places they are kept (the data
// folder's LMDB and the team store's table): one run holds an address, the
// others wait; its answer is left for them; an answer that does not serve, or
// is older than a run may take, is claimed over; a run that let go, or whose
// process is gone, frees its addresses.
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimAnswer, CoordinationBackend } from '../../../electron/coordination/backend';
import { PROCESS_HOLDER, runHolder } from '../../../electron/coordination/holder';
import { openLocalCoordination } from '../../../electron/coordination/local';
import { teamCoordination } from '../../../electron/coordination/team';
import { SERVICE_LIMITS } from '../../../electron/service/limiter';
import { teamAddressHash } from '../../../electron/team/address-key';
import { migrate } from '../../../electron/team/migrations';
import { openTeamStore, type TeamStore } from '../../../electron/team/store';
import { startPgServer, type PgServer } from '../team/pg-server';

const X = teamAddressHash('someone@example.com');
const Y = teamAddressHash('other@example.com');
const answer = (product: 'email' | 'avatar', answeredAtMs = Date.now()): ClaimAnswer => ({
  product,
  status: 'deliverable',
  provider: 'gmail',
  avatar: product === 'avatar' ? true : null,
  avatarUrl: null,
  answeredAtMs,
});

let pg: PgServer;
let store: TeamStore;
let dir: string;
let opened = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-claims-'));
  pg = await startPgServer();
  await pg.createUser('team', 'pw', 'team');
  store = await openTeamStore({ url: pg.url('team', 'team'), password: 'pw' });
  await store.withClient((client) => migrate(client));
}, 60_000);
afterAll(async () => {
  await store?.close();
  await pg?.stop();
  await rm(dir, { recursive: true, force: true });
}, 30_000);

const places: Record<string, () => Promise<CoordinationBackend>> = {
  'data folder': async () => {
    const b = await openLocalCoordination(join(dir, `data-${++opened}`), 'acct', SERVICE_LIMITS);
    await b.renew(PROCESS_HOLDER, []);
    return b;
  },
  'team store': async () => teamCoordination(store, `acct-${++opened}`, SERVICE_LIMITS),
};

describe.each(Object.keys(places))('claims in the %s', (place) => {
  const open = () => (places[place] as () => Promise<CoordinationBackend>)();
  const a = runHolder('job-a');
  const b = runHolder('job-b');

  it('one run holds an address; another waits, then takes the answer it left', async () => {
    const c = await open();
    expect(await c.claim(a, 'email', [X, Y], 0)).toEqual([{ kind: 'mine' }, { kind: 'mine' }]);
    expect(await c.claim(b, 'email', [X], 0)).toEqual([{ kind: 'held' }]);
    const given = answer('email');
    await c.settle(a, [
      { hash: X, answer: given },
      { hash: Y, answer: null },
    ]);
    const [left, free] = await c.claim(b, 'email', [X, Y], 0);
    expect(free).toEqual({ kind: 'mine' });
    expect(left).toEqual({
      kind: 'answered',
      answer: { ...given, answeredAtMs: expect.any(Number) as number },
    });
    // The team store dates an answer by its own clock when it is given: as old as it is here.
    const at = left?.kind === 'answered' ? left.answer.answeredAtMs : 0;
    expect(Math.abs(at - given.answeredAtMs)).toBeLessThan(5_000);
  });

  it('an answer that does not serve, or older than the run may take, is claimed over', async () => {
    const c = await open();
    await c.claim(a, 'email', [X], 0);
    await c.settle(a, [{ hash: X, answer: answer('email', 1_000) }]);
    // An email answer has no avatar.
    expect(await c.claim(b, 'avatar', [X], 0)).toEqual([{ kind: 'mine' }]);
    await c.settle(b, [{ hash: X, answer: answer('avatar', 2_000) }]);
    // An email + avatar answer serves an email check, unless it is older than the run takes.
    expect((await c.claim(a, 'email', [X], 0))[0]?.kind).toBe('answered');
    expect(await c.claim(a, 'email', [X], Date.now() + 60_000)).toEqual([{ kind: 'mine' }]);
  });

  it('a run that lets go, or whose process is gone, frees its addresses', async () => {
    const c = await open();
    await c.claim(a, 'email', [X], 0);
    await c.letGo(a);
    expect(await c.claim(b, 'email', [X], 0)).toEqual([{ kind: 'mine' }]);
    if (place === 'data folder') {
      // A process of this machine that no longer runs.
      const gone = `${hostname().replace(/[:/]/g, '_')}:999999999:0badf00d/job-c`;
      await c.claim(gone, 'email', [Y], 0);
      expect(await c.claim(a, 'email', [Y], 0)).toEqual([{ kind: 'mine' }]);
    }
  });

  it('forgetting the answers leaves nothing for latecomers', async () => {
    const c = await open();
    await c.claim(a, 'email', [X], 0);
    await c.settle(a, [{ hash: X, answer: answer('email') }]);
    await c.forgetAnswers();
    expect(await c.claim(b, 'email', [X], 0)).toEqual([{ kind: 'mine' }]);
  });
});
