// The HubSpot fake as a client meets it, over plain fetch: what the CRM v3
// reference and the usage guidelines document (see test/fakes/hubspot.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { demoContacts, startHubSpotFake, type HubSpotFake } from '../../fakes/hubspot';

let fake: HubSpotFake;
afterEach(() => fake?.stop());

async function call(method: string, path: string, body?: unknown, token = fake.token) {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}

const STATUS_PROPERTY = {
  name: 'list_cleaner_status',
  label: 'List Cleaner status',
  type: 'enumeration',
  fieldType: 'select',
  groupName: 'contactinformation',
  options: [
    { label: 'Valid', value: 'valid' },
    { label: 'Invalid', value: 'invalid' },
  ],
};

describe('HubSpot fake', () => {
  it('refuses a wrong token with the documented error body', async () => {
    fake = await startHubSpotFake();
    const refused = await call('GET', '/crm/v3/objects/contacts', undefined, 'pat-na1-wrong');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      status: 'error',
      category: 'INVALID_AUTHENTICATION',
      message: expect.any(String),
      correlationId: expect.any(String),
    });
  });

  it('pages 50,000 contacts and a 50,000-member list to the end by `after`', async () => {
    fake = await startHubSpotFake({
      contacts: demoContacts(50_000),
      lists: [{ name: 'All' }],
      limits: { tenSecondly: 100_000 },
    });
    expect((await call('GET', '/crm/v3/objects/contacts?limit=101')).status).toBe(400);
    const seen = new Set<string>();
    let after: string | undefined;
    do {
      const page = await call(
        'GET',
        `/crm/v3/objects/contacts?limit=100&properties=email,list_cleaner_status${after ? `&after=${after}` : ''}`,
      );
      for (const c of page.body.results as { id: string; properties: Record<string, string> }[]) {
        expect(Object.keys(c.properties)).toEqual(['email']);
        seen.add(c.id);
      }
      after = (page.body.paging as { next?: { after: string } } | undefined)?.next?.after;
    } while (after !== undefined);
    expect(seen.size).toBe(50_000);

    const search = await call('POST', '/crm/v3/lists/search', { query: 'all' });
    const list = (
      search.body.lists as { listId: string; additionalProperties: Record<string, string> }[]
    )[0];
    expect(list?.additionalProperties.hs_list_size).toBe('50000');
    let members = 0;
    after = undefined;
    do {
      const page = await call(
        'GET',
        `/crm/v3/lists/${list?.listId}/memberships?limit=250${after ? `&after=${after}` : ''}`,
      );
      members += (page.body.results as unknown[]).length;
      after = (page.body.paging as { next?: { after: string } } | undefined)?.next?.after;
    } while (after !== undefined);
    expect(members).toBe(50_000);
  });

  it('sets the rate-limit headers and answers a burst past the limit with 429 RATE_LIMITS', async () => {
    let now = 1_000_000;
    fake = await startHubSpotFake({ tier: 'professional', clock: () => now });
    const first = await call('GET', '/crm/v3/properties/contacts');
    expect(first.headers.get('x-hubspot-ratelimit-max')).toBe('190');
    expect(first.headers.get('x-hubspot-ratelimit-remaining')).toBe('189');
    expect(first.headers.get('x-hubspot-ratelimit-interval-milliseconds')).toBe('10000');
    expect(first.headers.get('x-hubspot-ratelimit-daily')).toBe('625000');
    expect(first.headers.get('x-hubspot-ratelimit-daily-remaining')).toBe('624999');
    const burst = await Promise.all(
      Array.from({ length: 200 }, () => call('GET', '/crm/v3/properties/contacts')),
    );
    const refused = burst.filter((a) => a.status === 429);
    expect(refused).toHaveLength(11);
    expect(refused[0]?.body).toMatchObject({
      status: 'error',
      category: 'RATE_LIMITS',
      errorType: 'RATE_LIMIT',
      policyName: 'TEN_SECONDLY_ROLLING',
    });
    expect(refused[0]?.headers.get('x-hubspot-ratelimit-remaining')).toBe('0');
    now += 10_001;
    expect((await call('GET', '/crm/v3/properties/contacts')).status).toBe(200);
    fake.faults.refuse(1);
    expect((await call('GET', '/crm/v3/properties/contacts')).status).toBe(429);
  });

  it('creates the properties, then batch-updates idempotently; an invalid value refuses the batch or the input', async () => {
    fake = await startHubSpotFake({ contacts: demoContacts(3) });
    expect((await call('POST', '/crm/v3/properties/contacts', STATUS_PROPERTY)).status).toBe(201);
    expect((await call('POST', '/crm/v3/properties/contacts', STATUS_PROPERTY)).body.category).toBe(
      'CONFLICT',
    );
    const date = {
      name: 'list_cleaner_checked_at',
      label: 'Checked',
      type: 'date',
      fieldType: 'date',
      groupName: 'contactinformation',
    };
    expect((await call('POST', '/crm/v3/properties/contacts', date)).status).toBe(201);
    const [a, b, c] = fake.contacts.map((x) => x.id);
    const good = {
      inputs: [
        {
          id: a,
          properties: { list_cleaner_status: 'valid', list_cleaner_checked_at: '2025-01-02' },
        },
      ],
    };
    for (let i = 0; i < 2; i++) {
      const done = await call('POST', '/crm/v3/objects/contacts/batch/update', good);
      expect(done.status).toBe(200);
      expect(done.body.status).toBe('COMPLETE');
    }
    expect(fake.contact(a ?? '')?.properties.list_cleaner_status).toBe('valid');

    const mixed = {
      inputs: [
        { id: b, properties: { list_cleaner_status: 'valid' } },
        { id: c, properties: { list_cleaner_status: 'not-an-option' } },
        { id: '999999', properties: { list_cleaner_status: 'valid' } },
      ],
    };
    const whole = await call('POST', '/crm/v3/objects/contacts/batch/update', mixed);
    expect(whole.status).toBe(400);
    expect(whole.body.category).toBe('VALIDATION_ERROR');
    expect(fake.contact(b ?? '')?.properties.list_cleaner_status).toBeUndefined();

    fake.config.invalidPropertyMode = 'per-input';
    const partial = await call('POST', '/crm/v3/objects/contacts/batch/update', mixed);
    expect(partial.status).toBe(207);
    expect(partial.body.numErrors).toBe(2);
    expect((partial.body.errors as { category: string }[]).map((e) => e.category).sort()).toEqual([
      'OBJECT_NOT_FOUND',
      'VALIDATION_ERROR',
    ]);
    expect(fake.contact(b ?? '')?.properties.list_cleaner_status).toBe('valid');
    expect(fake.contact(c ?? '')?.properties.list_cleaner_status).toBeUndefined();

    const tooMany = {
      inputs: Array.from({ length: 101 }, (_, i) => ({ id: String(i), properties: {} })),
    };
    expect((await call('POST', '/crm/v3/objects/contacts/batch/update', tooMany)).status).toBe(400);
  });
});
