// Email + avatar lists route themselves: addresses at covered providers go to
// the avatar products (a bulk task, or multi checks), those at providers the
// avatar check does not cover are never sent (not_covered, free) unless the
// user has them checked with Email, those at domains not known yet go through
// multi checks only; a file the service still refuses for coverage is
// re-planned by itself; and what the answers teach is used by the next review.
import { describe, expect, it } from 'vitest';
import type { Jobs } from '../../../../electron/jobs/jobs';
import { openOutcomeMemory } from '../../../../electron/memory/outcome-memory';
import { DEMO_PRICES } from '../../../../electron/account/demo';
import type { Lesson } from '../../../../electron/memory/domain-facts';
import {
  API,
  addresses,
  expectComplete,
  readRecord,
  requestsTo,
  reserved,
  setup,
  waitFor,
  writeList,
  type Bench,
} from '../support';

const COVERED = ['gmail.com', 'mail.ru', 'yandex.ru'];
const AVATAR = 3_000;
const EMAIL = 1_000;

async function imported(b: Bench, jobs: Jobs, name: string, list: string[]): Promise<string> {
  return (await jobs.importFile(await writeList(b, name, list))).job.id;
}

/** What the account's memory learned before a test, as a service's answers would have taught it. */
async function seed(b: Bench, lessons: Lesson[], account = 'default'): Promise<void> {
  const memory = await openOutcomeMemory(b.dataDir, { account });
  await memory.facts.learn(lessons, Math.floor(Date.now() / 1000) - 60);
  await memory.close();
}

describe('an avatar list of covered, uncovered and unknown domains', () => {
  it('by bulk: only covered addresses in the file, unknown ones by multi checks, the rest never sent', async () => {
    const b = await setup();
    const jobs = await b.jobs({ knownPrices: DEMO_PRICES });
    const list = [
      ...addresses(1_200, (i) => `person${i}@${COVERED[i % 3] as string}`),
      ...addresses(60, (i) => `out${i}@outlook.com`),
      ...addresses(30, (i) => `yah${i}@yahoo.com`),
      ...addresses(25, (i) => `kim${i}@naver.com`),
      ...addresses(25, (i) => `staff${i}@acme-widgets.com`),
    ];
    const id = await imported(b, jobs, 'mixed.csv', list);
    const estimate = await jobs.estimate(id, 'avatar');
    expect(estimate.coverage).toEqual({
      covered: { count: 1_200, costMicros: 1_200 * AVATAR },
      outside: { count: 90, costMicros: 0, others: 'skip' },
      unknown: { count: 50, costMicros: 50 * AVATAR },
    });
    expect(estimate).toMatchObject({ toSend: 1_250, estimateMicros: 1_250 * AVATAR, bulkTasks: 1 });

    await jobs.start(id, 'avatar');
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(done).toMatchObject({ notCovered: 90, failure: null, paidAsEmail: 0 });
    // The file held the covered addresses alone; the unknown ones went by multi checks.
    expect(requestsTo(b, API.submit).map((r) => r.code)).toEqual([0]);
    expect(reserved(b, 'email_avatar_batch').each).toEqual([1_200]);
    expect(reserved(b, 'email_avatar')).toMatchObject({ count: 1, addresses: 50 });
    expect(reserved(b, 'email').count + reserved(b, 'email_batch').count).toBe(0);
    const outcomes = await jobs.outcomes(id);
    for (let i = 1_200; i < 1_290; i++) {
      expect(outcomes.get(i)).toMatchObject({ status: 'not_covered', origin: 'local' });
    }
    // Outside coverage, unknown to the app: no result, and no charge.
    for (let i = 1_290; i < 1_340; i++) expect(outcomes.get(i)?.status).toBe('unknown');
    expect(done.chargedMicros).toBe(b.sandbox.ledger.spent(b.key));
    expect(b.sandbox.ledger.spent(b.key)).toBe((done.deliverable + done.undeliverable) * AVATAR);
  });

  it('by multi checks: a small list sends its covered and unknown addresses in one', async () => {
    const b = await setup();
    const jobs = await b.jobs({ knownPrices: DEMO_PRICES });
    const list = [
      'avatar@gmail.com',
      'noavatar@mail.ru',
      'undeliverable@yandex.ru',
      'deliverable@outlook.com',
      'deliverable@hotmail.com',
      'deliverable@yahoo.com',
      'deliverable@naver.com',
      'deliverable@acme-widgets.com',
    ];
    const id = await imported(b, jobs, 'small.csv', list);
    expect((await jobs.estimate(id, 'avatar')).coverage).toMatchObject({
      covered: { count: 3 },
      outside: { count: 3, costMicros: 0 },
      unknown: { count: 2, costMicros: 2 * AVATAR },
    });
    await jobs.start(id, 'avatar');
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(done).toMatchObject({ deliverable: 2, undeliverable: 1, unknown: 2, notCovered: 3 });
    expect(reserved(b, 'email_avatar')).toMatchObject({ count: 1, addresses: 5 });
    expect((await jobs.outcomes(id)).get(0)).toMatchObject({ avatar: true });
  });
});

describe('checking the others with Email', () => {
  it('charges the addresses outside coverage at the Email price, and the estimate says so', async () => {
    const b = await setup();
    const jobs = await b.jobs({ knownPrices: DEMO_PRICES });
    const list = [
      'avatar@gmail.com',
      'deliverable@mail.ru',
      'deliverable@outlook.com',
      'undeliverable@yahoo.com',
      'deliverable@icloud.com',
      'deliverable@naver.com',
    ];
    const id = await imported(b, jobs, 'others.csv', list);
    const estimate = await jobs.estimate(id, 'avatar', { others: 'email' });
    expect(estimate.coverage).toEqual({
      covered: { count: 2, costMicros: 2 * AVATAR },
      outside: { count: 3, costMicros: 3 * EMAIL, others: 'email' },
      unknown: { count: 1, costMicros: AVATAR },
    });
    expect(estimate.estimateMicros).toBe(3 * AVATAR + 3 * EMAIL);
    await jobs.start(id, 'avatar', { others: 'email' });
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(done).toMatchObject({ notCovered: 0, paidAsEmail: 3, unknown: 1 });
    expect(reserved(b, 'email')).toMatchObject({ count: 1, addresses: 3 });
    expect(reserved(b, 'email_avatar')).toMatchObject({ count: 1, addresses: 3 });
    const outcomes = await jobs.outcomes(id);
    // An Email answer: its provider, no avatar.
    expect(outcomes.get(2)).toMatchObject({ status: 'deliverable', provider: 'provider_code_2' });
    expect(outcomes.get(2)?.avatar).toBeNull();
    expect(done.chargedMicros).toBe(2 * AVATAR + 3 * EMAIL);
    expect(b.sandbox.ledger.spent(b.key)).toBe(done.chargedMicros);
  });

  it('sends many of them in an Email bulk task beside the avatar one', async () => {
    const b = await setup();
    const jobs = await b.jobs({ knownPrices: DEMO_PRICES });
    const list = [
      ...addresses(1_000, (i) => `deliverable+${i}@gmail.com`),
      ...addresses(1_000, (i) => `deliverable+${i}@outlook.com`),
      ...addresses(20, (i) => `deliverable+${i}@naver.com`),
    ];
    const id = await imported(b, jobs, 'big-others.csv', list);
    await jobs.start(id, 'avatar', { others: 'email' });
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(done).toMatchObject({ deliverable: 2_000, unknown: 20, paidAsEmail: 1_000 });
    expect(reserved(b, 'email_avatar_batch').each).toEqual([1_000]);
    expect(reserved(b, 'email_batch').each).toEqual([1_000]);
    expect(reserved(b, 'email_avatar').addresses).toBe(20);
    expect(b.sandbox.ledger.spent(b.key)).toBe(1_000 * AVATAR + 1_000 * EMAIL);
    expect(done.chargedMicros).toBe(b.sandbox.ledger.spent(b.key));
  });
});

describe('a bulk file the service still refuses for coverage', () => {
  it('is re-planned as multi checks by itself: the job finishes, each address charged once', async () => {
    const b = await setup();
    // Wrong knowledge: outlook.com taken for a covered provider.
    await seed(b, [{ domain: 'outlook.com', provider: 'provider_code_1' }]);
    const jobs = await b.jobs({ knownPrices: DEMO_PRICES });
    const list = [
      ...addresses(1_000, (i) => `deliverable+${i}@gmail.com`),
      ...addresses(100, (i) => `person${i}@outlook.com`),
    ];
    const id = await imported(b, jobs, 'refused.csv', list);
    expect((await jobs.estimate(id, 'avatar')).coverage?.covered.count).toBe(1_100);
    // A limit of exactly the estimate: the refused file took none of it.
    await jobs.start(id, 'avatar', { limitMicros: 1_100 * AVATAR });
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(done).toMatchObject({
      deliverable: 1_000,
      unknown: 100,
      failure: null,
      hold: null,
      tasks: [],
    });
    expect(requestsTo(b, API.submit).map((r) => r.code)).toEqual([40000]);
    expect(b.sandbox.tasks(b.key)).toHaveLength(0);
    expect(reserved(b, 'email_avatar')).toMatchObject({ count: 11, addresses: 1_100 });
    expect(b.sandbox.ledger.spent(b.key)).toBe(1_000 * AVATAR);
    const record = await readRecord(b.dataDir, id);
    expect(record.plan?.bulk.map((t) => t.status)).toEqual(['rerouted']);
    expect(record.plan?.syncParts).toEqual([
      { start: 0, end: 1_100, product: 'avatar', refused: 100 },
    ]);

    // Exactly the 100 the refusal named came back without a result: outlook.com is outside now.
    const again = await imported(b, jobs, 'refused-again.csv', list);
    await waitFor('the refusal learned', async () => {
      const e = await jobs.estimate(again, 'avatar', { reuseDays: 0 });
      return e.coverage?.outside.count === 100;
    });
  });

  it('keeps the new plan across a stop mid-way, and sends nothing twice on Continue', async () => {
    const b = await setup({ config: { checkLatencyMs: 20 } });
    await seed(b, [{ domain: 'outlook.com', provider: 'provider_code_1' }]);
    const held: { jobs: Jobs | null; id: string | null } = { jobs: null, id: null };
    let stopped = false;
    const jobs = await b.jobs({
      onChange: (v) => {
        // Three multi checks in, the user stops the job.
        if (!stopped && v.id === held.id && v.checked >= 300) {
          stopped = true;
          void held.jobs?.stopJob(v.id);
        }
      },
    });
    held.jobs = jobs;
    const list = [
      ...addresses(1_000, (i) => `deliverable+${i}@mail.ru`),
      ...addresses(100, (i) => `person${i}@outlook.com`),
    ];
    const id = await imported(b, jobs, 'stopped.csv', list);
    held.id = id;
    await jobs.start(id, 'avatar');
    const paused = await jobs.finished(id);
    expect(paused.hold?.reason).toBe('stopped');
    expect(paused.checked).toBeGreaterThanOrEqual(300);
    expect(paused.checked).toBeLessThan(1_100);
    const record = await readRecord(b.dataDir, id);
    expect(record.plan?.bulk[0]?.status).toBe('rerouted');
    expect(record.plan?.syncParts).toHaveLength(1);

    await jobs.resume(id);
    const done = await jobs.finished(id);
    expectComplete(done);
    expect(requestsTo(b, API.submit)).toHaveLength(1);
    // Every address in exactly one charged multi check.
    expect(reserved(b, 'email_avatar').addresses).toBe(1_100);
    expect(b.sandbox.ledger.spent(b.key)).toBe(1_000 * AVATAR);
  });
});

describe('what the answers teach', () => {
  it('an Email job names its domains’ providers, and the next avatar review uses them', async () => {
    const b = await setup();
    const jobs = await b.jobs({ knownProviders: false });
    const domains = ['gmail.com', 'outlook.com', 'naver.com', 'acme-widgets.com'];
    const avatarList = domains.flatMap((d) => addresses(5, (i) => `person${i}@${d}`));
    const avatarId = await imported(b, jobs, 'avatar.csv', avatarList);
    expect((await jobs.estimate(avatarId, 'avatar')).coverage).toMatchObject({
      covered: { count: 0 },
      outside: { count: 0 },
      unknown: { count: 20 },
    });

    const emailList = domains.flatMap((d) => addresses(3, (i) => `deliverable+${i}@${d}`));
    const emailId = await imported(b, jobs, 'email.csv', emailList);
    await jobs.start(emailId, 'email');
    expectComplete(await jobs.finished(emailId));

    await waitFor('the providers learned', async () => {
      const e = await jobs.estimate(avatarId, 'avatar');
      return e.coverage?.unknown.count === 0;
    });
    expect((await jobs.estimate(avatarId, 'avatar')).coverage).toMatchObject({
      covered: { count: 5 },
      outside: { count: 15 },
    });
    await jobs.start(avatarId, 'avatar');
    const done = await jobs.finished(avatarId);
    expectComplete(done);
    expect(done.notCovered).toBe(15);
    expect(reserved(b, 'email_avatar').addresses).toBe(5);
  });

  it('an avatar result, or none for a deliverable address, says where avatars are checked', async () => {
    const b = await setup();
    // Email answers without a provider: the domains stay unknown, their addresses deliverable.
    b.sandbox.faults.olderKind({ multiWithoutProvider: true });
    const jobs = await b.jobs({ knownProviders: false });
    const list = [
      ...addresses(4, (i) => `deliverable+${i}@gmail.com`),
      ...addresses(4, (i) => `deliverable+${i}@naver.com`),
    ];
    await jobs.start(await imported(b, jobs, 'email.csv', list), 'email');
    const avatarId = await imported(b, jobs, 'avatar.csv', list);
    await jobs.start(avatarId, 'avatar');
    const first = await jobs.finished(avatarId);
    expectComplete(first);
    expect(first).toMatchObject({ deliverable: 4, unknown: 4 });

    const next = await imported(b, jobs, 'next.csv', [
      'someone@gmail.com',
      'someone@naver.com',
      'someone@yahoo.com',
    ]);
    await waitFor('coverage learned', async () => {
      const c = (await jobs.estimate(next, 'avatar')).coverage;
      return c?.covered.count === 1 && c.outside.count === 1;
    });
    expect((await jobs.estimate(next, 'avatar')).coverage?.unknown.count).toBe(1);
  });
});
