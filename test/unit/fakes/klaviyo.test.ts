// The Klaviyo fake as a client meets it, over plain fetch: what the OpenAPI
// document and the rate limits guide describe (see test/fakes/klaviyo.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoProfiles, startKlaviyoFake, type KlaviyoFake } from '../../fakes/klaviyo';

let fake: KlaviyoFake;
afterEach(() => fake?.stop());

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${fake.url}/${path}`, {
    method,
    headers: {
      Authorization: `Klaviyo-API-Key ${fake.key}`,
      revision: '2026-07-15',
      ...(body === undefined ? {} : { 'Content-Type': 'application/vnd.api+json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

const firstError = (a: Answer) => (a.body.errors as Record<string, unknown>[])[0];
const nextOf = (a: Answer) => (a.body.links as { next?: string }).next;
const dataOf = (a: Answer) => a.body.data as { id: string; attributes: Record<string, unknown> }[];

function importJob(profiles: unknown[]) {
  return {
    data: { type: 'profile-bulk-import-job', attributes: { profiles: { data: profiles } } },
  };
}

async function finished(id: string): Promise<Record<string, unknown>> {
  let attributes: Record<string, unknown> = {};
  await vi.waitFor(
    async () => {
      const job = await call('GET', `profile-bulk-import-jobs/${id}`);
      attributes = (job.body.data as { attributes: Record<string, unknown> }).attributes;
      expect(attributes.status).toBe('complete');
    },
    { timeout: 2_000, interval: 10 },
  );
  return attributes;
}

describe('Klaviyo fake', () => {
  it('refuses a wrong key (401), a missing or unknown revision (400) and a missing scope (403) in its errors shape', async () => {
    fake = await startKlaviyoFake({ scopes: ['lists:read'] });
    const wrong = await call('GET', 'lists', undefined, {
      Authorization: 'Klaviyo-API-Key pk_wrong',
    });
    expect(wrong.status).toBe(401);
    expect(firstError(wrong)).toMatchObject({
      code: 'not_authenticated',
      title: expect.any(String),
      detail: expect.any(String),
      id: expect.any(String),
    });
    const bearer = await call('GET', 'lists', undefined, { Authorization: `Bearer ${fake.key}` });
    expect(bearer.status).toBe(401);
    expect((await call('GET', 'lists', undefined, { revision: '' })).status).toBe(400);
    const bad = await call('GET', 'lists', undefined, { revision: '2019-01-01' });
    expect(firstError(bad)).toMatchObject({ code: 'invalid', source: { parameter: 'revision' } });
    const scoped = await call('GET', 'profiles');
    expect(scoped.status).toBe(403);
    expect(firstError(scoped)?.code).toBe('permission_denied');
    expect((await call('GET', 'lists')).status).toBe(200);
  });

  it('pages a list by the links.next cursor, 20 by default, at most 100, subscriptions only when asked', async () => {
    fake = await startKlaviyoFake({ profiles: demoProfiles(250), lists: [{ name: 'All' }] });
    const lists = await call('GET', 'lists');
    const list = dataOf(lists)[0];
    expect(list?.attributes.name).toBe('All');
    expect((await call('GET', 'lists?page[size]=11')).status).toBe(400);
    const counted = await call('GET', `lists/${list?.id}?additional-fields[list]=profile_count`);
    expect(
      (counted.body.data as { attributes: { profile_count: number } }).attributes.profile_count,
    ).toBe(250);

    const first = await call('GET', `lists/${list?.id}/profiles`);
    expect(dataOf(first)).toHaveLength(20);
    expect(dataOf(first)[0]?.attributes.subscriptions).toBeUndefined();
    const over = await call('GET', `lists/${list?.id}/profiles?page[size]=101`);
    expect(over.status).toBe(400);
    expect(firstError(over)?.source).toEqual({ parameter: 'page[size]' });

    const seen = new Set<string>();
    let url: string | undefined =
      `lists/${list?.id}/profiles?page[size]=100&additional-fields[profile]=subscriptions`;
    let pages = 0;
    while (url !== undefined) {
      const page = await call('GET', url);
      pages += 1;
      for (const p of dataOf(page)) {
        seen.add(p.id);
        expect(p.attributes).toMatchObject({
          email: expect.any(String),
          subscriptions: { email: { marketing: { consent: expect.any(String) } } },
        });
      }
      const next = nextOf(page);
      url = next === undefined ? undefined : next.slice(fake.url.length + 1);
    }
    expect(pages).toBe(3);
    expect(seen.size).toBe(250);
    const never = fake.profiles.filter((p) => p.consent === 'NEVER_SUBSCRIBED');
    expect(never).toHaveLength(25);
  });

  it('filters profiles by any(id, [...])', async () => {
    fake = await startKlaviyoFake({ profiles: demoProfiles(5) });
    const [a, , c] = fake.profiles;
    const found = await call(
      'GET',
      `profiles?filter=${encodeURIComponent(`any(id,["${a?.id}","${c?.id}","nope"])`)}`,
    );
    expect(dataOf(found).map((p) => p.id)).toEqual([a?.id, c?.id]);
    expect((await call('GET', 'profiles?filter=contains(id,"x")')).status).toBe(400);
  });

  it('sends RateLimit-* on answers and only Retry-After on a 429, burst by burst; refuse(n) injects 429s', async () => {
    let now = 1_000_000_500;
    fake = await startKlaviyoFake({ clock: () => now, refuseRetryAfter: 0 });
    const first = await call('GET', 'accounts');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('15');
    expect(first.headers.get('ratelimit-remaining')).toBe('14');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    const second = await call('GET', 'accounts');
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(second.headers.get('ratelimit-limit')).toBeNull();
    expect(firstError(second)?.code).toBe('throttled');
    now += 1_000;
    expect((await call('GET', 'accounts')).status).toBe(200);
    fake.faults.refuse(2);
    const refused = await call('GET', 'lists');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('0');
    expect((await call('GET', 'lists')).status).toBe(429);
    expect((await call('GET', 'lists')).status).toBe(200);
    fake.faults.serverError(503, 1);
    expect((await call('GET', 'lists')).status).toBe(503);
    fake.faults.failAuth(1);
    expect((await call('GET', 'lists')).status).toBe(401);
  });

  it('runs a bulk import job later: queued, then processing, then complete, with per-profile import errors', async () => {
    fake = await startKlaviyoFake({ profiles: demoProfiles(3), stepMs: 20 });
    const [a, b] = fake.profiles;
    const props = { list_cleaner_status: 'invalid', list_cleaner_checked_at: '2026-01-02' };
    const posted = await call(
      'POST',
      'profile-bulk-import-jobs',
      importJob([
        { type: 'profile', id: a?.id, attributes: { properties: props } },
        { type: 'profile', id: '01NOSUCHPROFILE0000000000', attributes: { properties: props } },
        { type: 'profile', attributes: { email: 'not-an-email', properties: props } },
        { type: 'profile', id: b?.id, attributes: { properties: { list_cleaner_status: null } } },
      ]),
    );
    expect(posted.status).toBe(202);
    const job = posted.body.data as { id: string; attributes: Record<string, unknown> };
    expect(job.attributes).toMatchObject({ status: 'queued', total_count: 4 });
    expect(a?.properties.list_cleaner_status).toBeUndefined();
    const done = await finished(job.id);
    expect(done).toMatchObject({
      completed_count: 2,
      failed_count: 2,
      completed_at: expect.any(String),
    });
    expect(a?.properties).toMatchObject(props);
    // null does not clear a field in a bulk import.
    expect(b?.properties).toEqual({});
    const errors = await call('GET', `profile-bulk-import-jobs/${job.id}/import-errors`);
    const found = dataOf(errors).map((e) => e.attributes);
    expect(found.map((e) => (e.source as { pointer: string }).pointer)).toEqual([
      '/data/attributes/profiles/data/1',
      '/data/attributes/profiles/data/2',
    ]);
    expect(found[1]?.original_payload).toMatchObject({ attributes: { email: 'not-an-email' } });
    const tooMany = Array.from({ length: 10_001 }, (_, i) => ({
      type: 'profile',
      attributes: { email: `x${i}@example.com` },
    }));
    expect((await call('POST', 'profile-bulk-import-jobs', importJob(tooMany))).status).toBe(400);
  });

  it('bulk-unsubscribes at most 100 a call, later, removing them from the list and deleting no one', async () => {
    fake = await startKlaviyoFake({
      profiles: demoProfiles(4),
      lists: [{ name: 'L', members: [0, 1, 2] }],
    });
    const list = [...fake.lists.values()][0];
    const entry = (email: string) => ({
      type: 'profile',
      attributes: { email, subscriptions: { email: { marketing: { consent: 'UNSUBSCRIBED' } } } },
    });
    const body = (emails: string[]) => ({
      data: {
        type: 'profile-subscription-bulk-delete-job',
        attributes: { profiles: { data: emails.map(entry) } },
        relationships: { list: { data: { type: 'list', id: list?.id } } },
      },
    });
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@example.com`);
    expect((await call('POST', 'profile-subscription-bulk-delete-jobs', body(many))).status).toBe(
      400,
    );
    const accepted = await call(
      'POST',
      'profile-subscription-bulk-delete-jobs',
      body(['profile0@example.com']),
    );
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({});
    await vi.waitFor(
      () => expect(fake.byEmail('profile0@example.com')?.consent).toBe('UNSUBSCRIBED'),
      {
        timeout: 1_000,
        interval: 10,
      },
    );
    expect(list?.members).toHaveLength(2);
    expect(fake.byEmail('profile0@example.com')?.listSuppressions[0]?.list_id).toBe(list?.id);
    expect(fake.profiles).toHaveLength(4);
  });
});
