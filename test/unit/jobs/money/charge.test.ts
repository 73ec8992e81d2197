// A job's charge frozen in job.json when a run ends, from what the service
// answered: against the sandbox over real HTTP, a job whose unit prices cannot
// be learned says what the balance moved by, a job held at its limit keeps its
// charge, and a price typed later does not rewrite it. Then the rule alone.
import { describe, expect, it } from 'vitest';
import { DEMO_PRICES } from '../../../../electron/account/demo';
import { freezeCharge, shownCharge } from '../../../../electron/jobs/money/charge';
import { readRecord, setup, writeList } from '../support';

const at = '2026-12-02T09:00:00.000Z';

describe('a charge frozen from what the service answered', () => {
  it('is what the balance moved by when one run charged two products, whose prices cannot be learned', async () => {
    const b = await setup();
    // No price list: only the balance tells what the job cost.
    const jobs = await b.jobs();
    const list = [
      'avatar@gmail.com',
      'deliverable@mail.ru',
      'deliverable@outlook.com',
      'undeliverable@yahoo.com',
      'deliverable@icloud.com',
    ];
    const { job } = await jobs.importFile(await writeList(b, 'two.csv', list));
    await jobs.start(job.id, 'avatar', { others: 'email' });
    const done = await jobs.finished(job.id);
    expect(done.state).toBe('done');
    expect(done.paid).toBeGreaterThan(0);
    const spent = b.sandbox.ledger.spent(b.key);
    expect(spent).toBeGreaterThan(0);
    expect(done.chargedMicros).toBe(spent);
    expect((await readRecord(b.dataDir, job.id)).charge).toMatchObject({
      micros: spent,
      basis: 'balance',
      paid: done.paid,
    });
  });

  it('keeps a held job’s charge, and a price typed later does not rewrite it', async () => {
    const b = await setup();
    const jobs = await b.jobs({ knownPrices: DEMO_PRICES });
    const list = Array.from({ length: 250 }, (_, i) => `held${i}@provider1.test`);
    const { job } = await jobs.importFile(await writeList(b, 'held.csv', list));
    await jobs.start(job.id, 'email');
    await jobs.stopJob(job.id);
    await jobs.finished(job.id);
    // Continued under a limit that takes one multi check of 100 addresses, not the next.
    await jobs.resume(job.id, { limitMicros: b.sandbox.ledger.spent(b.key) + 100 * 1_000 });
    const held = await jobs.finished(job.id);
    expect(held.hold?.reason).toBe('limit');
    const spent = b.sandbox.ledger.spent(b.key);
    expect(spent).toBeGreaterThan(0);
    expect(held.chargedMicros).toBe(spent);
    expect((await readRecord(b.dataDir, job.id)).charge).toMatchObject({
      micros: spent,
      basis: 'prices',
      paid: held.paid,
    });
    await jobs.stop();

    // The plan's price typed in Settings afterwards, above the service's.
    const again = await b.jobs({
      knownPrices: DEMO_PRICES,
      enteredPrices: () => ({ email: 5_000 }),
    });
    const shown = (await again.list()).find((j) => j.id === job.id);
    expect(shown?.chargedMicros).toBe(spent);
  });
});

describe('the rule', () => {
  const end = { previous: null, paid: 10, paidBefore: 0, priced: null, moved: null, at };

  it('prices the paid answers when every price is known', () => {
    expect(freezeCharge({ ...end, priced: 12_340, moved: 99_999 })).toEqual({
      micros: 12_340,
      basis: 'prices',
      paid: 10,
      at,
    });
  });

  it('adds the balance’s move to a charge known to the micro before the run', () => {
    const previous = { micros: 4_000, basis: 'balance' as const, paid: 4, at };
    expect(freezeCharge({ ...end, previous, paidBefore: 4, moved: 6_170 })).toMatchObject({
      micros: 10_170,
      basis: 'balance',
      paid: 10,
    });
  });

  it('knows nothing when what came before is not known, the balance was not read, or it rose', () => {
    const previous = { micros: 4_000, basis: 'balance' as const, paid: 3, at };
    expect(freezeCharge({ ...end, previous, paidBefore: 4, moved: 6_170 })).toBeNull();
    expect(freezeCharge({ ...end, paidBefore: 4, moved: 6_170 })).toBeNull();
    expect(freezeCharge(end)).toBeNull();
    expect(freezeCharge({ ...end, moved: -500 })).toBeNull();
  });

  it('is shown while it covers every paid answer; a job paying again is priced live', () => {
    const frozen = { micros: 4_000, basis: 'prices' as const, paid: 4, at };
    expect(shownCharge(frozen, 4, 9_000)).toBe(4_000);
    expect(shownCharge(frozen, 6, 9_000)).toBe(9_000);
    expect(shownCharge(null, 6, null)).toBeNull();
  });
});
