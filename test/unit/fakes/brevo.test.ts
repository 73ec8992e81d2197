// The Brevo fake as a client meets it, over plain fetch: what the v3
// reference, the SDK models and the rate-limit pages say (see
// test/fakes/brevo.ts for what was read and what was assumed).
import { afterEach, describe, expect, it } from 'vitest';
import { demoBrevoContacts, startBrevoFake, type BrevoFake } from '../../fakes/brevo';

let fake: BrevoFake;
afterEach(() => fake?.stop());

async function call(method: string, path: string, body?: unknown, key = fake.key) {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: {
      'api-key': key,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>,
  };
}

const verdict = (id: number, status = 'deliverable') => ({
  id,
  attributes: { LIST_CLEANER_STATUS: status, LIST_CLEANER_CHECKED_AT: '2025-03-04' },
});

async function withVerdictAttributes() {
  await call('POST', '/contacts/attributes/normal/LIST_CLEANER_STATUS', { type: 'text' });
  await call('POST', '/contacts/attributes/normal/LIST_CLEANER_CHECKED_AT', { type: 'date' });
}

describe('Brevo fake', () => {
  it('refuses a wrong or missing key with { code, message }', async () => {
    fake = await startBrevoFake();
    const wrong = await call('GET', '/account', undefined, 'xkeysib-wrong');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'unauthorized', message: 'Key not found' });
    const res = await fetch(`${fake.url}/account`);
    expect(res.status).toBe(401);
    const ok = await call('GET', '/account');
    expect(ok.status).toBe(200);
    expect(ok.body.companyName).toBe('Example Shop');
  });

  it('lists lists with their sizes, refusing a page over 50', async () => {
    fake = await startBrevoFake({
      contacts: [...demoBrevoContacts(3), { email: 'gone@example.com', emailBlacklisted: true }],
      lists: [{ name: 'Newsletter' }, { name: 'Two', members: [0, 1] }],
    });
    expect((await call('GET', '/contacts/lists?limit=51')).status).toBe(400);
    const page = await call('GET', '/contacts/lists?limit=50&offset=0&sort=asc');
    expect(page.body.count).toBe(2);
    expect(page.body.lists).toEqual([
      {
        id: 2,
        name: 'Newsletter',
        totalBlacklisted: 1,
        totalSubscribers: 3,
        uniqueSubscribers: 4,
        folderId: 1,
      },
      expect.objectContaining({ id: 3, uniqueSubscribers: 2 }),
    ]);
    // Brevo's default order is the newest first.
    const desc = await call('GET', '/contacts/lists?limit=1');
    expect((desc.body.lists as { id: number }[])[0]?.id).toBe(3);
  });

  it('pages a 5,000-member list by offset to the end, at most 500 a page', async () => {
    fake = await startBrevoFake({
      contacts: demoBrevoContacts(5_000),
      lists: [{ name: 'All' }],
      limits: { contactsPerSecond: 10_000 },
    });
    const over = await call('GET', '/contacts/lists/2/contacts?limit=501');
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('out_of_range');
    const seen = new Set<number>();
    for (let offset = 0; ; offset += 500) {
      const page = await call(
        'GET',
        `/contacts/lists/2/contacts?limit=500&offset=${offset}&sort=asc`,
      );
      expect(page.body.count).toBe(5_000);
      const contacts = page.body.contacts as { id: number; email: string; listIds: number[] }[];
      if (contacts.length === 0) break;
      for (const c of contacts) seen.add(c.id);
    }
    expect(seen.size).toBe(5_000);
    const first = await call('GET', '/contacts/lists/2/contacts?limit=1&sort=asc');
    expect((first.body.contacts as unknown[])[0]).toMatchObject({
      id: 1,
      email: 'contact0@example.com',
      emailBlacklisted: false,
      smsBlacklisted: false,
      listIds: [2],
      attributes: { FIRSTNAME: 'First0', LASTNAME: 'Last0' },
    });
    expect((await call('GET', '/contacts/lists/99/contacts')).body.code).toBe('document_not_found');
  });

  it('creates attributes once: a second create is refused as a duplicate', async () => {
    fake = await startBrevoFake();
    const made = await call('POST', '/contacts/attributes/normal/LIST_CLEANER_STATUS', {
      type: 'text',
    });
    expect(made.status).toBe(201);
    const again = await call('POST', '/contacts/attributes/normal/LIST_CLEANER_STATUS', {
      type: 'text',
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('duplicate_parameter');
    const all = await call('GET', '/contacts/attributes');
    expect(all.body.attributes).toContainEqual({
      name: 'LIST_CLEANER_STATUS',
      category: 'normal',
      type: 'text',
    });
  });

  it('updates a batch (204), and refuses the whole call for an unknown attribute or contact', async () => {
    fake = await startBrevoFake({ contacts: demoBrevoContacts(5), lists: [{ name: 'All' }] });
    const unknownAttr = await call('POST', '/contacts/batch', { contacts: [verdict(1)] });
    expect(unknownAttr.status).toBe(400);
    expect(unknownAttr.body.code).toBe('invalid_parameter');
    await withVerdictAttributes();

    const missing = await call('POST', '/contacts/batch', {
      contacts: [verdict(1), verdict(98), verdict(2), verdict(99)],
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'document_not_found',
      message: 'No contact found for indexes 1,3',
    });
    expect(fake.updates).toHaveLength(0);

    const ok = await call('POST', '/contacts/batch', {
      contacts: [verdict(1), { email: 'CONTACT1@example.com', attributes: verdict(2).attributes }],
    });
    expect(ok.status).toBe(204);
    expect(fake.contact(1)?.attributes).toMatchObject({
      LIST_CLEANER_STATUS: 'deliverable',
      LIST_CLEANER_CHECKED_AT: '2025-03-04',
    });
    expect(fake.contact(2)?.attributes.LIST_CLEANER_STATUS).toBe('deliverable');
    const read = await call('GET', '/contacts/contact0@example.com');
    expect(read.body.attributes).toMatchObject({ LIST_CLEANER_CHECKED_AT: '2025-03-04' });
    expect((await call('GET', '/contacts/1')).body.email).toBe('contact0@example.com');
    expect((await call('GET', '/contacts/77')).status).toBe(404);
  });

  it('ignores a value of the wrong type for a date attribute, as Brevo does', async () => {
    fake = await startBrevoFake({ contacts: demoBrevoContacts(1) });
    await withVerdictAttributes();
    const res = await call('POST', '/contacts/batch', {
      contacts: [{ id: 1, attributes: { LIST_CLEANER_CHECKED_AT: 'last tuesday' } }],
    });
    expect(res.status).toBe(204);
    expect(fake.contact(1)?.attributes.LIST_CLEANER_CHECKED_AT).toBeUndefined();
  });

  it('refuses a batch over its maximum and contacts with two identifiers', async () => {
    fake = await startBrevoFake({ contacts: demoBrevoContacts(101), batchMax: 100 });
    await withVerdictAttributes();
    const big = await call('POST', '/contacts/batch', {
      contacts: Array.from({ length: 101 }, (_, i) => verdict(i + 1)),
    });
    expect(big.status).toBe(400);
    const two = await call('POST', '/contacts/batch', {
      contacts: [{ id: 1, email: 'contact0@example.com', attributes: {} }],
    });
    expect(two.status).toBe(400);
  });

  it('answers 207 with successIds and failureIds when some contacts are not updated', async () => {
    fake = await startBrevoFake({ contacts: demoBrevoContacts(3) });
    await withVerdictAttributes();
    fake.refuseUpdates([2]);
    const res = await call('POST', '/contacts/batch', {
      contacts: [verdict(1), verdict(2), verdict(3)],
    });
    expect(res.status).toBe(207);
    expect(res.body).toEqual({ successIds: [1, 3], failureIds: [2] });
    expect(fake.contact(2)?.attributes.LIST_CLEANER_STATUS).toBeUndefined();
  });

  it('blocklists and unlinks without deleting', async () => {
    fake = await startBrevoFake({ contacts: demoBrevoContacts(2), lists: [{ name: 'All' }] });
    const res = await call('POST', '/contacts/batch', {
      contacts: [
        { id: 1, emailBlacklisted: true },
        { id: 2, unlinkListIds: [2] },
      ],
    });
    expect(res.status).toBe(204);
    expect(fake.contact(1)?.emailBlacklisted).toBe(true);
    expect(fake.contact(2)?.listIds).toEqual([]);
    expect(fake.contacts).toHaveLength(2);
  });

  it('limits contacts endpoints per second with the x-sib-ratelimit headers', async () => {
    let now = 1_000_000;
    fake = await startBrevoFake({ contacts: demoBrevoContacts(1), clock: () => now });
    for (let i = 0; i < 10; i += 1) {
      const res = await call('GET', '/contacts/1');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-sib-ratelimit-limit')).toBe('10');
      expect(res.headers.get('x-sib-ratelimit-remaining')).toBe(String(9 - i));
    }
    const refused = await call('GET', '/contacts/1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-sib-ratelimit-reset')).toBe('1');
    now += 1_000;
    expect((await call('GET', '/contacts/1')).status).toBe(200);
    // /account is one of "all other endpoints": 100 an hour.
    expect((await call('GET', '/account')).headers.get('x-sib-ratelimit-limit')).toBe('100');
  });

  it('takes the common faults: refusals, a refused key, a server error', async () => {
    fake = await startBrevoFake({ refusalResetSeconds: 0 });
    fake.faults.refuse(2);
    expect((await call('GET', '/account')).status).toBe(429);
    const second = await call('GET', '/account');
    expect(second.status).toBe(429);
    expect(second.headers.get('x-sib-ratelimit-reset')).toBe('0');
    expect((await call('GET', '/account')).status).toBe(200);
    fake.faults.failAuth(1);
    expect((await call('GET', '/account')).status).toBe(401);
    fake.faults.serverError(502, 1);
    expect((await call('GET', '/account')).status).toBe(502);
    expect((await call('GET', '/account')).status).toBe(200);
    expect((await call('GET', '/nowhere')).status).toBe(404);
  });
});
