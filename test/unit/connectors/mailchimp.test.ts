// The Mailchimp connector against the fake over real HTTP: the data center
// from the key, audiences with their sizes, members 1,000 a page with the
// subscribed choice, tags written through a batch and read back, a cleaned
// member's refusal in Mailchimp's own words, and archiving that deletes no one.
import { afterEach, describe, expect, it } from 'vitest';
import { createPlatformHttp, PlatformError } from '../../../electron/connectors/http';
import { mailchimp, verdictTags } from '../../../electron/connectors/platforms/mailchimp';
import type { PlatformMember } from '../../../electron/connectors/types';
import { startMailchimpFake, type MailchimpFake } from '../../fakes/mailchimp';

const fakes: MailchimpFake[] = [];
afterEach(async () => {
  for (const f of fakes.splice(0)) await f.stop();
});

async function start(n: number) {
  const fake = await startMailchimpFake({
    batchStepMs: 2,
    lists: [
      {
        id: 'aud1',
        name: 'Customers',
        members: Array.from({ length: n }, (_, i) => ({
          email: `buyer${i}@example.com`,
          firstName: `Buyer${i}`,
          status:
            i === 3
              ? ('cleaned' as const)
              : i % 4 === 1
                ? ('unsubscribed' as const)
                : ('subscribed' as const),
        })),
      },
    ],
  });
  fakes.push(fake);
  const http = createPlatformHttp({
    platform: mailchimp.name,
    baseUrl: fake.url,
    headers: mailchimp.headers(fake.key),
    errorText: mailchimp.errorText,
    maxInFlight: mailchimp.limits.maxInFlight,
    backoffMs: 5,
  });
  return { fake, http };
}

async function readAll(http: ReturnType<typeof createPlatformHttp>, choice: 'subscribed' | 'all') {
  const all: PlatformMember[] = [];
  for (let cursor: string | null = null; ;) {
    const page = await mailchimp.members(http, 'aud1', { cursor, choice });
    all.push(...page.members);
    if (page.next === null) return all;
    cursor = page.next;
  }
}

describe('the Mailchimp connector', () => {
  it('takes the data center from the key and proves it with a ping', async () => {
    expect(mailchimp.defaultUrl('0123abcd-us21')).toBe('https://us21.api.mailchimp.com/3.0');
    const { http } = await start(1);
    expect(await mailchimp.prove(http)).toEqual({ account: 'Mailchimp' });
  });

  it('reads an audience past one page, subscribed members only unless asked', async () => {
    const { http } = await start(2_600);
    expect(await mailchimp.lists(http)).toEqual([
      { id: 'aud1', name: 'Customers', size: 1_949, kind: 'audience' },
    ]);
    const subscribed = await readAll(http, 'subscribed');
    expect(subscribed).toHaveLength(1_949);
    expect(subscribed.every((m) => m.status === 'subscribed')).toBe(true);
    expect(subscribed[0]).toMatchObject({
      email: 'buyer0@example.com',
      firstName: 'Buyer0',
      verdict: null,
    });
    expect(await readAll(http, 'all')).toHaveLength(2_600);
  });

  it('tags through a batch, the earlier List Cleaner tag made inactive; a cleaned member is refused in its words', async () => {
    const { fake, http } = await start(6);
    const members = await readAll(http, 'all');
    const day = '2026-11-26';
    const first = await mailchimp.write(
      http,
      'aud1',
      members.map((m) => ({
        id: m.id,
        email: m.email,
        status: 'deliverable' as const,
        checkedAt: day,
      })),
    );
    const cleaned = members.find((m) => m.status === 'cleaned');
    expect(first.find((o) => o.id === cleaned?.id)).toMatchObject({
      result: 'refused',
      reason: expect.stringMatching(/cleaned status/) as unknown,
    });
    expect(first.filter((o) => o.result === 'written')).toHaveLength(5);

    await mailchimp.write(http, 'aud1', [
      {
        id: members[0]?.id ?? '',
        email: 'buyer0@example.com',
        status: 'undeliverable',
        checkedAt: day,
      },
    ]);
    expect([...(fake.member('aud1', 'buyer0@example.com')?.tags.keys() ?? [])]).toEqual([
      'list-cleaner: undeliverable',
    ]);
    const now = await mailchimp.current(http, 'aud1', [
      { id: members[0]?.id ?? '', email: 'buyer0@example.com' },
    ]);
    expect(now.get(members[0]?.id ?? '')).toEqual({ status: 'undeliverable', checkedAt: '' });
    expect(verdictTags('role').filter((t) => t.status === 'active')).toEqual([
      { name: 'list-cleaner: role', status: 'active' },
    ]);
  });

  it('refuses batch results past what the batch can hold, inflated as a bounded stream', async () => {
    const { fake, http } = await start(3);
    const members = await readAll(http, 'all');
    // The archive inflates to 32 MB of spaces; 3 operations' results hold about 1 MB at most.
    fake.config.resultArchive = 'bomb';
    const refused = await mailchimp
      .write(
        http,
        'aud1',
        members.map((m) => ({
          id: m.id,
          email: m.email,
          status: 'deliverable' as const,
          checkedAt: '2026-11-26',
        })),
      )
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PlatformError);
    expect((refused as PlatformError).message).toMatch(
      /batch results for 3 operations would be larger than 2 MB.*stopped reading them.*What was written is kept; try again/,
    );
  });

  it('fetches batch results only from an address on the internet', async () => {
    const { fake, http } = await start(2);
    const members = await readAll(http, 'all');
    fake.config.resultArchive = 'private-link';
    const seen = fake.requests.length;
    await expect(
      mailchimp.write(
        http,
        'aud1',
        members.map((m) => ({
          id: m.id,
          email: m.email,
          status: 'deliverable' as const,
          checkedAt: '2026-11-26',
        })),
      ),
    ).rejects.toThrow(
      /results link leads to 10\.255\.255\.1, which is not on the internet, so List Cleaner did not connect/,
    );
    // The batch itself was sent and polled; nothing else was asked of anyone.
    expect(fake.requests.slice(seen).every((r) => !r.path.includes('batch-results'))).toBe(true);
  });

  it('archives without deleting, and an archived member archived again is where it was asked to be', async () => {
    const { fake, http } = await start(3);
    const members = (await readAll(http, 'all')).filter((m) => m.status === 'subscribed');
    const refs = members.map((m) => ({ id: m.id, email: m.email }));
    expect(
      (await mailchimp.retire(http, 'aud1', refs, 'archive')).every((o) => o.result === 'written'),
    ).toBe(true);
    expect(
      (await mailchimp.retire(http, 'aud1', refs, 'archive')).every((o) => o.result === 'written'),
    ).toBe(true);
    expect(fake.lists.get('aud1')?.members).toHaveLength(3);
    expect(fake.member('aud1', 'buyer0@example.com')?.status).toBe('archived');
  });
});
