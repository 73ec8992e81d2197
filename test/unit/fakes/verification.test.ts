// The independent fake of the verification service, held to the interface's
// own tables (/work/shared/spec/000_fffd4242d7db15e8.txt), over plain fetch:
// "Limits" (5 in flight, 1 multi, a breach is 42901 with Retry-After and no
// charge), POST /api/v1/batch-check rules 2–3, the bulk task's reservation
// and Idempotency-Key, "may be briefly not ready", and a check whose client
// has gone still charged (the worst reading the text allows).
import { afterEach, describe, expect, it } from 'vitest';
import { startVerificationFake, type VerificationFake } from '../../fakes/verification/service';
import { verdictOf } from '../../fakes/verification/verdicts';

let fake: VerificationFake | null = null;
afterEach(async () => {
  await fake?.stop();
  fake = null;
});

const post = (f: VerificationFake, path: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${f.url}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': f.key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

/** Addresses the fake gives a result for (not undetermined), so each is charged when checked. */
const checkable = (n: number) =>
  Array.from({ length: n * 2 }, (_, i) => `reader${i}@example.org`)
    .filter((a) => verdictOf(a) !== 'undetermined')
    .slice(0, n);

describe('the fake of the verification service', () => {
  it('holds the limits: a sixth request, or a second multi, is 42901 at once with Retry-After, not charged', async () => {
    const f = (fake = await startVerificationFake({
      singleMs: [1_500, 1_500],
      multiMs: [1_500, 1_500],
    }));
    const [a, ...rest] = checkable(6);
    const multi = post(f, '/api/v1/batch-check', { service_type: 'email', identifiers: [a] });
    while (f.sync.length === 0) await new Promise((r) => setTimeout(r, 10));
    const second = await post(f, '/api/v1/batch-check', {
      service_type: 'email',
      identifiers: [a],
    });
    expect(second.headers.get('retry-after')).toBe('1');
    expect(((await second.json()) as { code: number }).code).toBe(42901);
    const singles = rest
      .slice(0, 4)
      .map((x) => post(f, '/api/v1/check', { service_type: 'email', identifier: x }));
    // Every one of them at the fake before the sixth goes.
    while (f.sync.filter((r) => r.endedAt === null).length < 5) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const sixth = await post(f, '/api/v1/check', { service_type: 'email', identifier: rest[4] });
    expect(((await sixth.json()) as { code: number }).code).toBe(42901);
    await Promise.all([multi, ...singles]);
    expect(f.maxInFlight).toEqual({ all: 5, multi: 1 });
    expect(f.spentMicros()).toBe(5 * 1_000);
  });

  it('charges a check whose client has gone, and holds its slot until it ends', async () => {
    const f = (fake = await startVerificationFake({ multiMs: [400, 400] }));
    const addresses = checkable(10);
    const gone = new AbortController();
    const dying = post(
      f,
      '/api/v1/batch-check',
      { service_type: 'email', identifiers: addresses },
      gone.signal,
    );
    while (f.sync.length === 0) await new Promise((r) => setTimeout(r, 10));
    gone.abort();
    await expect(dying).rejects.toThrow();
    const next = await post(f, '/api/v1/batch-check', {
      service_type: 'email',
      identifiers: addresses,
    });
    expect(((await next.json()) as { code: number }).code).toBe(42901);
    await f.idle();
    expect(f.spentMicros()).toBe(10 * 1_000);
    expect(f.reservedMicros()).toBe(0);
  });

  it('rejects a multi check the balance cannot cover whole, before any work (40200)', async () => {
    const f = (fake = await startVerificationFake({ balanceMicros: 2_500 }));
    const answer = await post(f, '/api/v1/batch-check', {
      service_type: 'email',
      identifiers: checkable(3),
    });
    expect(((await answer.json()) as { code: number }).code).toBe(40200);
    expect(f.balanceMicros()).toBe(2_500);
  });

  it('reserves a bulk file whole, returns the same task for the same Idempotency-Key, and a link only once ready', async () => {
    const f = (fake = await startVerificationFake({
      bulkAddressesPerSecond: 1_000_000,
      olderShare: 0,
    }));
    const lines = checkable(1_000);
    const submit = () => {
      const form = new FormData();
      form.set('service_type', 'email_batch');
      form.set('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'list.csv');
      return fetch(`${f.url}/api/v1/bulk-tasks`, {
        method: 'POST',
        headers: { 'X-API-Key': f.key, 'Idempotency-Key': 'one-key' },
        body: form,
      }).then((r) => r.json() as Promise<{ data: { id: string; preparing: boolean } }>);
    };
    const first = await submit();
    expect(first.data.preparing).toBe(true);
    expect((await submit()).data.id).toBe(first.data.id);
    expect(f.tasks()).toHaveLength(1);
    while (f.tasks()[0]?.status !== 'success') await new Promise((r) => setTimeout(r, 10));
    const read = () =>
      fetch(`${f.url}/api/v1/bulk-tasks/${first.data.id}`, {
        headers: { 'X-API-Key': f.key },
      }).then((r) => r.json() as Promise<{ data: { status: string; result_url?: string } }>);
    const once = await read();
    expect(once.data.status).toBe('success');
    expect(once.data.result_url).toBeUndefined();
    const twice = await read();
    const file = await (await fetch(twice.data.result_url ?? '')).text();
    expect(file.trim().split('\n')).toHaveLength(1_001);
    expect(f.spentMicros()).toBe(1_000 * 1_000);
    expect(f.reservedMicros()).toBe(0);
    expect(f.chargedAgain()).toBe(0);
  });
});
