// The Klaviyo connector against the Klaviyo fake over real HTTP, through the
// one PlatformHttp every connector uses.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPlatformHttp,
  PlatformError,
  type PlatformWait,
} from '../../../electron/connectors/http';
import { klaviyo } from '../../../electron/connectors/platforms/klaviyo';
import type { Verdict } from '../../../electron/connectors/types';
import {
  demoProfiles,
  startKlaviyoFake,
  type KlaviyoFake,
  type KlaviyoFakeOptions,
} from '../../fakes/klaviyo';

let fake: KlaviyoFake;
afterEach(() => fake?.stop());

function httpFor(f: KlaviyoFake, key = f.key, onWait?: (w: PlatformWait) => void) {
  return createPlatformHttp({
    platform: klaviyo.name,
    baseUrl: f.url,
    headers: klaviyo.headers(key),
    errorText: klaviyo.errorText,
    retryAfter: klaviyo.retryAfter,
    maxInFlight: klaviyo.limits.maxInFlight,
    backoffMs: 10,
    patienceMs: 20_000,
    ...(onWait ? { onWait } : {}),
  });
}

async function start(options: KlaviyoFakeOptions) {
  fake = await startKlaviyoFake(options);
  return { http: httpFor(fake), listId: [...fake.lists.keys()][0] ?? '' };
}

const verdict = (id: string, email: string, status: Verdict['status']): Verdict => ({
  id,
  email,
  status,
  checkedAt: '2026-11-20',
});

describe('Klaviyo connector', () => {
  it('proves a key with the account name, and a wrong key is a platform_key error', async () => {
    const { http } = await start({ accountName: 'Acme Outdoor' });
    expect(await klaviyo.prove(http)).toEqual({ account: 'Acme Outdoor' });
    const wrong = klaviyo.prove(httpFor(fake, 'pk_wrong'));
    await expect(wrong).rejects.toBeInstanceOf(PlatformError);
    await expect(klaviyo.prove(httpFor(fake, 'pk_wrong'))).rejects.toMatchObject({
      code: 'platform_key',
      status: 401,
    });
    expect(klaviyo.defaultUrl('pk_x')).toBe('https://a.klaviyo.com/api');
    expect(klaviyo.headers('pk_x')).toEqual({
      Authorization: 'Klaviyo-API-Key pk_x',
      revision: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      Accept: 'application/vnd.api+json',
      'Content-Type': 'application/vnd.api+json',
    });
  });

  it('lists every list, past one page of 10, with its size', async () => {
    const { http } = await start({
      profiles: demoProfiles(30),
      lists: Array.from({ length: 12 }, (_, i) => ({
        name: `List ${i}`,
        members: Array.from({ length: i }, (_, j) => j),
      })),
      // The count's 1/s burst would make this test wait 10 s; its pacing is the fake test's business.
      limits: { listCount: { burst: 100, steady: 100 } },
    });
    const lists = await klaviyo.lists(http);
    expect(lists).toHaveLength(12);
    expect(lists[3]).toMatchObject({ name: 'List 3', size: 3, kind: 'list' });
    // Only the first lists are counted: the count is limited to 15 a minute.
    expect(lists[11]?.size).toBeNull();
  });

  it('reads members page by page by the cursor, and the subscribed choice keeps only the subscribed', async () => {
    const { http, listId } = await start({ profiles: demoProfiles(250), lists: [{ name: 'All' }] });
    async function readAll(choice: 'all' | 'subscribed') {
      const seen = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await klaviyo.members(http, listId, { cursor, choice });
        seen.push(...page.members);
        cursor = page.next;
        pages += 1;
      } while (cursor !== null);
      return { seen, pages };
    }
    const all = await readAll('all');
    expect(all.pages).toBe(3);
    expect(all.seen).toHaveLength(250);
    expect(all.seen[0]).toEqual({
      id: fake.profiles[0]?.id,
      email: 'profile0@example.com',
      firstName: 'First0',
      lastName: 'Last0',
      status: 'subscribed',
      verdict: null,
    });
    expect(all.seen[9]?.status).toBe('never_subscribed');
    const subscribed = await readAll('subscribed');
    expect(subscribed.seen).toHaveLength(225);
    expect(subscribed.seen.every((m) => m.status === 'subscribed')).toBe(true);
  });

  it('prepares nothing, writes a batch that current then shows, and a second write leaves the same state', async () => {
    const { http, listId } = await start({ profiles: demoProfiles(5), lists: [{ name: 'L' }] });
    const before = fake.requests.length;
    await klaviyo.prepare(http);
    expect(fake.requests.length).toBe(before);
    const [a, b, c] = fake.profiles;
    const batch = [
      verdict(a?.id ?? '', a?.email ?? '', 'undeliverable'),
      verdict(b?.id ?? '', b?.email ?? '', 'deliverable'),
      verdict('01JK0000FANOSUCHPROFILE000', 'ghost@example.com', 'invalid'),
    ];
    const outcomes = await klaviyo.write(http, listId, batch);
    expect(outcomes.slice(0, 2)).toEqual([
      { id: a?.id, result: 'written' },
      { id: b?.id, result: 'written' },
    ]);
    expect(outcomes[2]).toMatchObject({
      result: 'refused',
      reason: expect.stringContaining('does not exist'),
    });
    expect(fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/profile-bulk-import-jobs',
    ]);
    const refs = [a, b, c].map((p) => ({ id: p?.id ?? '', email: p?.email ?? '' }));
    const held = await klaviyo.current(http, listId, refs);
    expect(held.get(a?.id ?? '')).toEqual({ status: 'undeliverable', checkedAt: '2026-11-20' });
    expect(held.get(b?.id ?? '')).toEqual({ status: 'deliverable', checkedAt: '2026-11-20' });
    expect(held.get(c?.id ?? '')).toBeNull();

    const snapshot = JSON.stringify(fake.profiles.map((p) => p.properties));
    await klaviyo.write(http, listId, batch);
    expect(JSON.stringify(fake.profiles.map((p) => p.properties))).toBe(snapshot);
    expect(fake.profiles).toHaveLength(5);
    const page = await klaviyo.members(http, listId, { cursor: null, choice: 'all' });
    expect(page.members[0]?.verdict).toEqual({ status: 'undeliverable', checkedAt: '2026-11-20' });
  });

  it('retires by unsubscribing for the list, deleting no profile; archive is not a Klaviyo mode', async () => {
    const { http, listId } = await start({ profiles: demoProfiles(150), lists: [{ name: 'L' }] });
    const refs = fake.profiles.slice(0, 120).map((p) => ({ id: p.id, email: p.email }));
    const outcomes = await klaviyo.retire(http, listId, refs, 'unsubscribe');
    expect(outcomes.filter((o) => o.result === 'written')).toHaveLength(120);
    // 120 members take two calls of at most 100.
    expect(
      fake.requests.filter((r) => r.path === '/api/profile-subscription-bulk-delete-jobs'),
    ).toHaveLength(2);
    await vi.waitFor(() => expect(fake.profiles[119]?.consent).toBe('UNSUBSCRIBED'), {
      timeout: 2_000,
      interval: 10,
    });
    expect(fake.profiles[120]?.consent).toBe('SUBSCRIBED');
    expect(fake.profiles).toHaveLength(150);
    expect(klaviyo.retireModes).toEqual(['unsubscribe']);
    const archived = await klaviyo.retire(http, listId, refs.slice(0, 1), 'archive');
    expect(archived[0]?.result).toBe('refused');
  });

  it('waits out a storm of 429s, telling each wait, and the read completes', async () => {
    fake = await startKlaviyoFake({
      profiles: demoProfiles(120),
      lists: [{ name: 'L' }],
      refuseRetryAfter: 0,
    });
    const waits: PlatformWait[] = [];
    const http = httpFor(fake, fake.key, (w) => waits.push(w));
    fake.faults.refuse(5);
    const listId = [...fake.lists.keys()][0] ?? '';
    const first = await klaviyo.members(http, listId, { cursor: null, choice: 'all' });
    expect(first.members).toHaveLength(100);
    const second = await klaviyo.members(http, listId, { cursor: first.next, choice: 'all' });
    expect(second.members).toHaveLength(20);
    expect(second.next).toBeNull();
    expect(waits).toHaveLength(5);
    expect(waits[0]?.platform).toBe('Klaviyo');
    expect(fake.requests.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('reads Klaviyo’s own words and wait from an error answer', () => {
    const headers = new Headers({ 'Retry-After': '7' });
    const res = {
      status: 429,
      headers,
      text: '',
      json: {
        errors: [
          {
            id: 'x',
            code: 'throttled',
            title: 'Request was throttled.',
            detail: 'Expected available in 7 seconds.',
          },
        ],
      },
    };
    expect(klaviyo.errorText(res)).toBe('Expected available in 7 seconds.');
    expect(klaviyo.retryAfter?.(res)).toBe(7);
    expect(
      klaviyo.retryAfter?.({ ...res, headers: new Headers({ 'RateLimit-Reset': '42' }) }),
    ).toBe(42);
    expect(klaviyo.errorText({ ...res, json: { message: 'other' } })).toBeNull();
  });
});
