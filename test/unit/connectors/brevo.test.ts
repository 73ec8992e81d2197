// The Brevo connector against the Brevo fake over real HTTP, through the
// same PlatformHttp the app uses: the key proven, lists and members read by
// offset, the attributes made once, verdicts written in batches and read
// back, undeliverable members blocklisted and never deleted, a 429 storm
// waited out.
import { afterEach, describe, expect, it } from 'vitest';
import { english, say } from '../../../electron/common/i18n/message';
import { VERDICT_FIELDS } from '../../../electron/common/catalogs/platforms';
import {
  createPlatformHttp,
  PlatformError,
  type PlatformHttpOptions,
  type PlatformWait,
} from '../../../electron/connectors/http';
import { brevo } from '../../../electron/connectors/platforms/brevo';
import type { PlatformMember, Verdict } from '../../../electron/connectors/types';
import { demoBrevoContacts, startBrevoFake, type BrevoFake } from '../../fakes/brevo';
import { startBrevoHarness } from './harness/brevo';
import type { FakeHarness } from './harness/types';

let fake: BrevoFake | undefined;
let harness: FakeHarness | undefined;
afterEach(async () => {
  await fake?.stop();
  await harness?.stop();
  fake = undefined;
  harness = undefined;
});

function httpFor(url: string, key: string, extra: Partial<PlatformHttpOptions> = {}) {
  return createPlatformHttp({
    platform: brevo.name,
    baseUrl: url,
    headers: brevo.headers(key),
    errorText: brevo.errorText,
    retryAfter: brevo.retryAfter,
    maxInFlight: brevo.limits.maxInFlight,
    backoffMs: 10,
    ...extra,
  });
}

async function readAll(
  http: ReturnType<typeof httpFor>,
  listId: string,
  choice: 'all' | 'subscribed',
) {
  const members: PlatformMember[] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | null = null;
  do {
    const page = await brevo.members(http, listId, { cursor, choice });
    members.push(...page.members);
    cursor = page.next;
    cursors.push(cursor);
  } while (cursor !== null);
  return { members, cursors };
}

const verdict = (id: number, status: Verdict['status'] = 'undeliverable'): Verdict => ({
  id: String(id),
  email: `contact${id - 1}@example.com`,
  status,
  checkedAt: '2025-03-04',
});

const posts = (f: BrevoFake, path: string) =>
  f.requests.filter((r) => r.method === 'POST' && r.path === `/v3/${path}`).length;

describe('Brevo connector', () => {
  it('knows its platform: address, key header, limits from the reference', () => {
    expect(brevo.defaultUrl('xkeysib-abc')).toBe('https://api.brevo.com/v3');
    expect(brevo.headers('xkeysib-abc')).toEqual({ 'api-key': 'xkeysib-abc' });
    expect(brevo.limits).toEqual({ pageSize: 500, writeBatch: 100, maxInFlight: 5 });
    expect(say(english.t, brevo.keyHelp)).toContain('SMTP & API');
  });

  it('proves a key and names the account; a wrong key is a platform_key error', async () => {
    fake = await startBrevoFake();
    expect(await brevo.prove(httpFor(fake.url, fake.key))).toEqual({ account: 'Example Shop' });
    const refused = await brevo.prove(httpFor(fake.url, 'xkeysib-wrong')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).code).toBe('platform_key');
    expect((refused as PlatformError).message).toContain('Key not found (unauthorized)');
  });

  it('lists every list with its size, past the 50 a page allows', async () => {
    fake = await startBrevoFake({
      contacts: demoBrevoContacts(3),
      lists: [
        { name: 'Newsletter' },
        ...Array.from({ length: 54 }, (_, i) => ({ name: `Empty ${i}`, members: [] })),
      ],
    });
    const lists = await brevo.lists(httpFor(fake.url, fake.key));
    expect(lists).toHaveLength(55);
    expect(lists[0]).toEqual({ id: '2', name: 'Newsletter', size: 3, kind: 'list' });
    expect(lists[54]).toMatchObject({ name: 'Empty 53', size: 0 });
  });

  it('reads members across pages; "subscribed" leaves out blocklisted and list-unsubscribed contacts', async () => {
    fake = await startBrevoFake({
      contacts: [
        ...demoBrevoContacts(1_201),
        { email: 'blocked@example.com', emailBlacklisted: true },
        { email: 'left@example.com', listUnsubscribed: true },
      ],
      lists: [{ name: 'All' }],
      limits: { contactsPerSecond: 10_000 },
    });
    const http = httpFor(fake.url, fake.key);
    const all = await readAll(http, '2', 'all');
    expect(all.cursors).toEqual(['500', '1000', null]);
    expect(all.members).toHaveLength(1_203);
    expect(new Set(all.members.map((m) => m.id)).size).toBe(1_203);
    expect(all.members[0]).toEqual({
      id: '1',
      email: 'contact0@example.com',
      firstName: 'First0',
      lastName: 'Last0',
      status: 'subscribed',
      verdict: null,
    });
    expect(all.members.find((m) => m.email === 'blocked@example.com')?.status).toBe('blocklisted');
    expect(all.members.find((m) => m.email === 'left@example.com')?.status).toBe('unsubscribed');
    const subscribed = await readAll(http, '2', 'subscribed');
    expect(subscribed.members).toHaveLength(1_201);
    expect(subscribed.members.every((m) => m.status === 'subscribed')).toBe(true);
  });

  it('prepares the two attributes once; a second prepare creates nothing', async () => {
    fake = await startBrevoFake();
    const http = httpFor(fake.url, fake.key);
    await brevo.prepare(http);
    await brevo.prepare(http);
    expect(fake.attributes.get(VERDICT_FIELDS.attribute)).toMatchObject({ type: 'text' });
    expect(fake.attributes.get(VERDICT_FIELDS.checkedAttribute)).toMatchObject({ type: 'date' });
    expect(
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path.startsWith('/v3/contacts/attributes/'),
      ),
    ).toHaveLength(2);
  });

  it('will not write into an attribute of the same name that cannot hold the verdict', async () => {
    fake = await startBrevoFake();
    await fetch(`${fake.url}/contacts/attributes/normal/${VERDICT_FIELDS.checkedAttribute}`, {
      method: 'POST',
      headers: { 'api-key': fake.key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'float' }),
    });
    const refused = await brevo.prepare(httpFor(fake.url, fake.key)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).message).toContain('cannot hold what List Cleaner writes');
  });

  it('writes in batches of 100, reads them back with current, and a second write leaves the same state', async () => {
    fake = await startBrevoFake({ contacts: demoBrevoContacts(150), lists: [{ name: 'All' }] });
    const http = httpFor(fake.url, fake.key);
    await brevo.prepare(http);
    const verdicts = Array.from({ length: 150 }, (_, i) =>
      verdict(i + 1, i % 2 === 0 ? 'deliverable' : 'undeliverable'),
    );
    const first = await brevo.write(http, '2', verdicts);
    expect(first.filter((o) => o.result === 'written')).toHaveLength(150);
    // 150 verdicts go as Brevo's batches of at most 100.
    expect(posts(fake, 'contacts/batch')).toBe(2);
    const snapshot = fake.contacts.map((c) => ({ ...c.attributes }));

    const again = await brevo.write(http, '2', verdicts);
    expect(again.every((o) => o.result === 'written')).toBe(true);
    expect(fake.contacts.map((c) => ({ ...c.attributes }))).toEqual(snapshot);

    const now = await brevo.current(http, '2', [
      verdict(1),
      verdict(2),
      { id: '999', email: 'nobody@example.com' },
    ]);
    expect(now.get('1')).toEqual({ status: 'deliverable', checkedAt: '2025-03-04' });
    expect(now.get('2')).toEqual({ status: 'undeliverable', checkedAt: '2025-03-04' });
    expect(now.get('999')).toBeNull();
    const read = await brevo.members(http, '2', { cursor: null, choice: 'all' });
    expect(read.members[1]?.verdict).toEqual({ status: 'undeliverable', checkedAt: '2025-03-04' });
  });

  it("refuses, in Brevo's words, contacts that are gone or that Brevo did not update, and writes the rest", async () => {
    fake = await startBrevoFake({ contacts: demoBrevoContacts(4), lists: [{ name: 'All' }] });
    const http = httpFor(fake.url, fake.key);
    await brevo.prepare(http);
    fake.refuseUpdates([3]);
    const outcomes = await brevo.write(http, '2', [
      verdict(1),
      verdict(77),
      verdict(3),
      verdict(4),
    ]);
    const byId = new Map(outcomes.map((o) => [o.id, o]));
    expect(byId.get('1')?.result).toBe('written');
    expect(byId.get('4')?.result).toBe('written');
    expect(byId.get('77')).toMatchObject({ result: 'refused' });
    expect(byId.get('77')).toHaveProperty(
      'reason',
      expect.stringContaining('No contact found for indexes 1'),
    );
    expect(byId.get('3')).toMatchObject({ result: 'refused' });
    expect(fake.contact(4)?.attributes[VERDICT_FIELDS.attribute]).toBe('undeliverable');
    expect(fake.contact(3)?.attributes[VERDICT_FIELDS.attribute]).toBeUndefined();
  });

  it('retires by blocklisting for email: nothing is deleted and the list keeps its members', async () => {
    fake = await startBrevoFake({ contacts: demoBrevoContacts(3), lists: [{ name: 'All' }] });
    const http = httpFor(fake.url, fake.key);
    expect(brevo.retireModes).toEqual(['unsubscribe']);
    const outcomes = await brevo.retire(http, '2', [verdict(1), verdict(2)], 'unsubscribe');
    expect(outcomes.every((o) => o.result === 'written')).toBe(true);
    expect(fake.contacts).toHaveLength(3);
    expect(fake.contact(1)?.emailBlacklisted).toBe(true);
    expect(fake.contact(1)?.listIds).toEqual([2]);
    expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(false);
    const left = await brevo.members(http, '2', { cursor: null, choice: 'subscribed' });
    expect(left.members.map((m) => m.id)).toEqual(['3']);
  });

  it('waits out a 429 storm through the harness and finishes the read', async () => {
    harness = await startBrevoHarness({
      members: demoBrevoContacts(20).map((c) => ({ email: c.email })),
    });
    const waits: PlatformWait[] = [];
    const http = httpFor(harness.url, harness.key, {
      onWait: (w) => waits.push(w),
      patienceMs: 10_000,
    });
    harness.faults.refuse(5);
    const { members } = await readAll(http, harness.listId, 'all');
    expect(members).toHaveLength(20);
    expect(waits).toHaveLength(5);
    expect(waits[0]?.platform).toBe('Brevo');
    expect(harness.requests.filter((r) => r.status === 429)).toHaveLength(5);

    await brevo.prepare(http);
    await brevo.write(http, harness.listId, [verdict(1)]);
    expect(harness.verdictOf('contact0@example.com')).toEqual({
      status: 'undeliverable',
      checkedAt: '2025-03-04',
    });
    expect(harness.writesOf('contact0@example.com')).toBe(1);
    await brevo.retire(http, harness.listId, [verdict(1)], 'unsubscribe');
    expect(harness.retired('contact0@example.com')).toBe(true);
    expect(harness.retired('contact1@example.com')).toBe(false);
    expect(harness.memberCount()).toBe(20);
  });
});
