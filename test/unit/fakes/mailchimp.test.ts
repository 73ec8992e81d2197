// The Mailchimp fake as a client meets it, over plain fetch. What each
// behaviour rests on, and which ones are only assumed, is listed in
// test/fakes/mailchimp.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import {
  demoMembers,
  startMailchimpFake,
  subscriberHash,
  type MailchimpFake,
} from '../../fakes/mailchimp';

let fake: MailchimpFake;
afterEach(() => fake?.stop());

const auth = (key: string) => ({
  Authorization: `Basic ${Buffer.from(`anystring:${key}`).toString('base64')}`,
});
async function call(method: string, path: string, body?: unknown, key = fake.key) {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: {
      ...auth(key),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    allow: res.headers.get('allow'),
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

describe('Mailchimp fake', () => {
  it('answers ping and refuses a missing or wrong key with a problem document', async () => {
    fake = await startMailchimpFake();
    expect(fake.key).toMatch(/-us21$/);
    expect((await call('GET', '/ping')).body).toEqual({ health_status: "Everything's Chimpy!" });
    const wrong = await call('GET', '/ping', undefined, 'deadbeef-us21');
    expect(wrong.status).toBe(401);
    expect(wrong.type).toMatch(/^application\/problem\+json/);
    expect(wrong.body).toMatchObject({
      title: 'API Key Invalid',
      status: 401,
      type: expect.any(String),
      detail: expect.any(String),
      instance: expect.any(String),
    });
    const none = await fetch(`${fake.url}/ping`);
    expect(((await none.json()) as { title: string }).title).toBe('API Key Missing');
    fake.faults.failAuth(1);
    expect((await call('GET', '/ping')).status).toBe(401);
    expect((await call('GET', '/ping')).status).toBe(200);
  });

  it('pages 50,000 members to the end by count and offset, with total_items and the status filter', async () => {
    const members = demoMembers(50_000);
    fake = await startMailchimpFake({ lists: [{ id: 'big', name: 'Big', members }] });
    const lists = await call('GET', '/lists?fields=lists.id,lists.name,total_items');
    expect(lists.body).toEqual({ lists: [{ id: 'big', name: 'Big' }], total_items: 1 });
    // More than the documented maximum of 1000 is answered with 1000, not refused.
    const over = await call('GET', '/lists/big/members?count=5000&fields=members.id,total_items');
    expect(over.status).toBe(200);
    expect(over.body.members).toHaveLength(1000);
    const subscribed = members.filter((m) => m.status === 'subscribed').length;
    const seen = new Set<string>();
    let total = -1;
    for (let offset = 0; ; offset += 1000) {
      const page = await call(
        'GET',
        `/lists/big/members?status=subscribed&count=1000&offset=${offset}&fields=members.id,members.email_address,members.status,total_items`,
      );
      const got = page.body.members as { id: string; email_address: string; status: string }[];
      total = page.body.total_items as number;
      for (const m of got) {
        expect(m.id).toBe(subscriberHash(m.email_address));
        expect(m.status).toBe('subscribed');
        seen.add(m.id);
      }
      if (got.length < 1000) break;
    }
    expect(total).toBe(subscribed);
    expect(seen.size).toBe(subscribed);
  });

  it('refuses an 11th simultaneous connection with 429 TooManyRequests', async () => {
    fake = await startMailchimpFake({ latencyMs: 100 });
    const answers = await Promise.all(Array.from({ length: 15 }, () => call('GET', '/ping')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body).toMatchObject({ title: 'Too Many Requests', status: 429 });
    fake.faults.refuse(2);
    expect((await call('GET', '/ping')).status).toBe(429);
    expect((await call('GET', '/ping')).status).toBe(429);
    expect((await call('GET', '/ping')).status).toBe(200);
  });

  it('writes tags idempotently, and refuses to update a cleaned member', async () => {
    fake = await startMailchimpFake({
      lists: [
        {
          id: 'l1',
          name: 'L',
          members: [{ email: 'A@Example.com' }, { email: 'gone@example.com', status: 'cleaned' }],
        },
      ],
    });
    const hash = subscriberHash('a@example.com');
    const tags = {
      tags: [
        { name: 'list-cleaner: valid', status: 'active' },
        { name: 'list-cleaner: risky', status: 'inactive' },
      ],
    };
    expect((await call('POST', `/lists/l1/members/${hash}/tags`, tags)).status).toBe(204);
    expect((await call('POST', `/lists/l1/members/${hash}/tags`, tags)).status).toBe(204);
    const member = await call('GET', `/lists/l1/members/${hash}`);
    expect(member.body.tags).toEqual([{ id: 1, name: 'list-cleaner: valid' }]);
    const cleaned = subscriberHash('gone@example.com');
    const refused = await call('PATCH', `/lists/l1/members/${cleaned}`, { status: 'subscribed' });
    expect(refused.status).toBe(400);
    expect(refused.body.title).toBe('Invalid Resource');
    expect(fake.member('l1', 'gone@example.com')?.status).toBe('cleaned');
    expect((await call('DELETE', `/lists/l1/members/${cleaned}`)).status).toBe(400);
    expect(fake.member('l1', 'gone@example.com')?.status).toBe('cleaned');
  });

  it('names a member by hash, email or contact_id, but tags only by hash; shows up to 50 tags', async () => {
    fake = await startMailchimpFake({
      lists: [
        {
          id: 'l1',
          name: 'L',
          members: [
            { email: 'many@example.com', tags: Array.from({ length: 60 }, (_, i) => `t${i}`) },
          ],
        },
      ],
    });
    const byEmail = await call('GET', '/lists/l1/members/Many@Example.com');
    expect(byEmail.body).toMatchObject({ id: subscriberHash('many@example.com'), tags_count: 60 });
    expect(byEmail.body.tags).toHaveLength(50);
    const byContact = await call('GET', `/lists/l1/members/${String(byEmail.body.contact_id)}`);
    expect(byContact.body.email_address).toBe('many@example.com');
    const tags = { tags: [{ name: 'x', status: 'active' }] };
    expect((await call('POST', '/lists/l1/members/many@example.com/tags', tags)).status).toBe(404);
    const put = await call('PUT', `/lists/l1/members/${subscriberHash('many@example.com')}/tags`);
    expect(put.status).toBe(405);
    expect(put.body.title).toBe('Method Not Allowed');
    expect(put.allow).toBe('POST');
  });

  it('unsubscribes by PATCH and archives by DELETE: nothing is deleted', async () => {
    fake = await startMailchimpFake({ lists: [{ id: 'l1', name: 'L', members: demoMembers(3) }] });
    const h0 = subscriberHash('person0@example.com');
    expect(
      (await call('PATCH', `/lists/l1/members/${h0}`, { status: 'unsubscribed' })).body.status,
    ).toBe('unsubscribed');
    const h1 = subscriberHash('person1@example.com');
    expect((await call('DELETE', `/lists/l1/members/${h1}`)).status).toBe(204);
    expect(fake.member('l1', 'person1@example.com')?.status).toBe('archived');
    expect((await call('GET', '/lists/l1/members')).body.total_items).toBe(2);
    expect((await call('GET', '/lists/l1/members?status=archived')).body.total_items).toBe(1);
  });

  it('runs a batch: pending, then finished with counts and a tar.gz of per-operation results', async () => {
    fake = await startMailchimpFake({
      batchStepMs: 20,
      lists: [
        {
          id: 'l1',
          name: 'L',
          members: [
            { email: 'ok@example.com' },
            { email: 'bounced@example.com', status: 'cleaned' },
          ],
        },
      ],
    });
    const tag = JSON.stringify({ tags: [{ name: 'list-cleaner: invalid', status: 'active' }] });
    const started = await call('POST', '/batches', {
      operations: [
        {
          method: 'POST',
          path: `/lists/l1/members/${subscriberHash('ok@example.com')}/tags`,
          body: tag,
          operation_id: 'ok',
        },
        {
          method: 'PATCH',
          path: `/lists/l1/members/${subscriberHash('bounced@example.com')}`,
          body: JSON.stringify({ status: 'unsubscribed' }),
          operation_id: 'cleaned',
        },
      ],
    });
    expect(started.body).toMatchObject({
      status: 'pending',
      total_operations: 2,
      finished_operations: 0,
      completed_at: '',
    });
    // A second batch waits, pending, while the first runs: one runs at a time.
    const second = await call('POST', '/batches', {
      operations: [{ method: 'GET', path: '/lists/l1' }],
    });
    let status: Record<string, unknown> = started.body;
    const seen = new Set<unknown>();
    for (let i = 0; i < 100 && status.status !== 'finished'; i++) {
      await new Promise((r) => setTimeout(r, 5));
      status = (await call('GET', `/batches/${String(started.body.id)}`)).body;
      seen.add(status.status);
      if (status.status !== 'finished') {
        const other = await call('GET', `/batches/${String(second.body.id)}`);
        expect(other.body.status).toBe('pending');
      }
    }
    for (const s of seen)
      expect(['pending', 'preprocessing', 'started', 'finalizing', 'finished']).toContain(s);
    expect(seen.has('preprocessing')).toBe(true);
    expect(status).toMatchObject({
      status: 'finished',
      finished_operations: 2,
      errored_operations: 1,
    });
    const archive = gunzipSync(
      Buffer.from(await (await fetch(String(status.response_body_url))).arrayBuffer()),
    );
    const json = archive
      .subarray(512, 512 + parseInt(archive.subarray(124, 135).toString('ascii'), 8))
      .toString('utf8');
    const results = JSON.parse(json) as {
      status_code: number;
      operation_id: string;
      response: string;
    }[];
    expect(results.map((r) => [r.operation_id, r.status_code])).toEqual([
      ['ok', 204],
      ['cleaned', 400],
    ]);
    expect(JSON.parse(results[1]?.response ?? '')).toMatchObject({ title: 'Invalid Resource' });
    expect(fake.member('l1', 'ok@example.com')?.tags.has('list-cleaner: invalid')).toBe(true);
  });
});
