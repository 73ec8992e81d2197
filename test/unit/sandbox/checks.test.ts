// Single and multi checks: field rules, normalization, outcomes and billing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../electron/sandbox/server/server';
import { avatarUrlFor, outcomeOf, providerDomains } from '../../../electron/sandbox/outcomes';
import { KEY, call, check, multi, sandboxFor } from './support';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await sandboxFor({ config: { slowAddressMs: 150 } });
});
afterAll(() => sandbox.stop());

let spentBefore = 0;
beforeEach(() => {
  spentBefore = sandbox.ledger.spent(KEY);
});
const spentSince = () => sandbox.ledger.spent(KEY) - spentBefore;

describe('single check', () => {
  it('answers email with registered and provider, normalizing the identifier', async () => {
    const answer = await check(sandbox, 'email', '  Deliverable@GMAIL.com ');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      code: 0,
      msg: 'ok',
      data: {
        service_type: 'email',
        identifier: 'deliverable@gmail.com',
        registered: true,
        provider: 'provider_code_1',
      },
    });
    expect(spentSince()).toBe(1_000);
  });

  it('gives an empty provider when the address is not registered, and still charges', async () => {
    const answer = await check(sandbox, 'email', 'undeliverable@outlook.com');
    expect(answer.body.data).toEqual({
      service_type: 'email',
      identifier: 'undeliverable@outlook.com',
      registered: false,
      provider: '',
    });
    expect(spentSince()).toBe(1_000);
  });

  it('answers email_avatar with avatar and avatar_url, never provider', async () => {
    const withUrl = await check(sandbox, 'email_avatar', 'avatar@provider5.test');
    expect(withUrl.body.data).toEqual({
      service_type: 'email_avatar',
      identifier: 'avatar@provider5.test',
      registered: true,
      avatar: true,
      avatar_url: avatarUrlFor('avatar@provider5.test'),
    });
    const emptyUrl = await check(sandbox, 'email_avatar', 'avatar-nourl@provider6.test');
    expect(emptyUrl.body.data).toMatchObject({ avatar: true, avatar_url: '' });
    const none = await check(sandbox, 'email_avatar', 'noavatar@provider1.test');
    expect(none.body.data).toMatchObject({ registered: true, avatar: false, avatar_url: '' });
    expect(none.body.data).not.toHaveProperty('provider');
    expect(spentSince()).toBe(3 * 3_000);
  });

  it('answers 42200 with no data and no charge for an undetermined address', async () => {
    const answer = await check(sandbox, 'email', 'undetermined@provider2.test');
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ code: 42200, msg: expect.any(String) });
    expect(spentSince()).toBe(0);
  });

  it('treats an avatar check outside the three providers as undetermined, uncharged', async () => {
    const answer = await check(sandbox, 'email_avatar', 'deliverable@provider2.test');
    expect(answer.body.code).toBe(42200);
    expect(spentSince()).toBe(0);
  });

  it('rejects invalid syntax with 40002 and a bad request with 40000, uncharged', async () => {
    expect((await check(sandbox, 'email', 'not-an-address')).body.code).toBe(40002);
    expect((await check(sandbox, 'email', 'two@@example.com')).status).toBe(400);
    expect((await check(sandbox, 'email_batch', 'a@example.com')).body.code).toBe(40000);
    const both = await call(sandbox, 'POST', '/api/v1/check', {
      json: { service_type: 'email', identifier: 'a@example.com', identifiers: ['a@example.com'] },
    });
    expect(both.body.code).toBe(40000);
    const missing = await call(sandbox, 'POST', '/api/v1/check', {
      json: { service_type: 'email' },
    });
    expect(missing.body.code).toBe(40000);
    expect(spentSince()).toBe(0);
  });

  it('answers 40001 for a body that is not JSON, and 41500 for another content type', async () => {
    const bad = await call(sandbox, 'POST', '/api/v1/check', {
      body: '{"service_type": "email",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: 40001 } });
    const form = await call(sandbox, 'POST', '/api/v1/check', {
      body: 'identifier=a@example.com',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form).toMatchObject({ status: 415, body: { code: 41500 } });
  });

  it('answers a body over the size limit with an enveloped 41300', async () => {
    const huge = JSON.stringify({ service_type: 'email', identifier: 'x'.repeat(2_000_000) });
    const answer = await call(sandbox, 'POST', '/api/v1/check', {
      body: huge,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(answer).toMatchObject({ status: 413, body: { code: 41300 } });
  });

  it('times out past its limit with 50400 and no charge', async () => {
    sandbox.config.singleTimeoutMs = 50;
    try {
      const answer = await check(sandbox, 'email', 'slow@provider1.test');
      expect(answer).toMatchObject({ status: 504, body: { code: 50400 } });
      expect(spentSince()).toBe(0);
    } finally {
      sandbox.config.singleTimeoutMs = 60_000;
    }
  });

  it('takes its time for the slow test address, then answers', async () => {
    const started = Date.now();
    const answer = await check(sandbox, 'email', 'slow+1@provider1.test');
    expect(answer.body.data).toMatchObject({ registered: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('refuses with 40200 before any work when the balance cannot pay', async () => {
    const poor = await sandboxFor({ accounts: [{ key: 'sk_test_poor', balanceMicros: 999 }] });
    try {
      const answer = await check(poor, 'email', 'deliverable@gmail.com', 'sk_test_poor');
      expect(answer).toMatchObject({ status: 402, body: { code: 40200 } });
      expect(poor.ledger.balance('sk_test_poor')).toBe(999);
    } finally {
      await poor.stop();
    }
  });
});

describe('multi check', () => {
  it('keeps order and length, and gives exists:false entries only an identifier', async () => {
    const identifiers = [
      'Deliverable@Gmail.com',
      'not-an-address',
      'undeliverable@provider3.test',
      'undetermined@provider4.test',
      'deliverable@elsewhere.example',
    ];
    const answer = await multi(sandbox, 'email', identifiers);
    expect(answer.body.data).toEqual({
      service_type: 'email',
      total: 5,
      succeeded: 3,
      failed: 2,
      results: [
        {
          identifier: 'deliverable@gmail.com',
          exists: true,
          registered: true,
          provider: 'provider_code_1',
        },
        { identifier: 'not-an-address', exists: false },
        {
          identifier: 'undeliverable@provider3.test',
          exists: true,
          registered: false,
          provider: '',
        },
        { identifier: 'undetermined@provider4.test', exists: false },
        {
          identifier: 'deliverable@elsewhere.example',
          exists: true,
          registered: true,
          provider: 'other',
        },
      ],
    });
    expect(spentSince()).toBe(3 * 1_000);
  });

  it('answers avatar fields for email_avatar and no provider', async () => {
    const answer = await multi(sandbox, 'email_avatar', [
      'avatar@provider1.test',
      'avatar-nourl@provider5.test',
    ]);
    expect(answer.body.data?.results).toEqual([
      {
        identifier: 'avatar@provider1.test',
        exists: true,
        registered: true,
        avatar: true,
        avatar_url: avatarUrlFor('avatar@provider1.test'),
      },
      {
        identifier: 'avatar-nourl@provider5.test',
        exists: true,
        registered: true,
        avatar: true,
        avatar_url: '',
      },
    ]);
    expect(spentSince()).toBe(2 * 3_000);
  });

  it('takes 1 to 100 identifiers', async () => {
    expect((await multi(sandbox, 'email', [])).body.code).toBe(40000);
    const tooMany = Array.from({ length: 101 }, (_, i) => `u${i}@example.com`);
    expect((await multi(sandbox, 'email', tooMany)).body.code).toBe(40000);
    const hundred = await multi(sandbox, 'email', tooMany.slice(0, 100));
    expect(hundred.body.data).toMatchObject({ total: 100 });
    expect((hundred.body.data?.results as unknown[]).length).toBe(100);
  });

  it('is a conflict (40000) to send identifier as well, or an unsupported product', async () => {
    const both = await call(sandbox, 'POST', '/api/v1/batch-check', {
      json: { service_type: 'email', identifier: 'a@example.com', identifiers: ['a@example.com'] },
    });
    expect(both.body.code).toBe(40000);
    expect((await multi(sandbox, 'email_avatar_batch', ['a@example.com'])).body.code).toBe(40000);
    expect(spentSince()).toBe(0);
  });

  it('is refused before any work when the balance cannot cover the whole batch', async () => {
    const poor = await sandboxFor({
      accounts: [{ key: 'sk_test_poor_multi', balanceMicros: 2_500 }],
    });
    try {
      const answer = await multi(
        poor,
        'email',
        ['a@example.com', 'b@example.com', 'c@example.com'],
        'sk_test_poor_multi',
      );
      expect(answer.body.code).toBe(40200);
      expect(poor.ledger.balance('sk_test_poor_multi')).toBe(2_500);
      expect(poor.ledger.entries('sk_test_poor_multi')).toHaveLength(1);
    } finally {
      await poor.stop();
    }
  });

  it('fails whole on timeout with 50400 and refunds in full', async () => {
    sandbox.config.multiTimeoutMs = 50;
    try {
      const answer = await multi(sandbox, 'email', ['deliverable@gmail.com', 'slow@gmail.com']);
      expect(answer).toMatchObject({ status: 504, body: { code: 50400 } });
      expect(answer.body).not.toHaveProperty('data');
      expect(spentSince()).toBe(0);
    } finally {
      sandbox.config.multiTimeoutMs = 300_000;
    }
  });
});

describe('outcomes', () => {
  it('resolves providers from the documented domain table', async () => {
    for (const [code, domains] of Object.entries(providerDomains)) {
      for (const domain of domains) {
        const answer = await check(sandbox, 'email', `deliverable@${domain}`);
        expect(answer.body.data?.provider).toBe(code);
      }
    }
  });

  it('gives every other address a stable outcome with a realistic mix', () => {
    const counts = { deliverable: 0, undeliverable: 0, undetermined: 0 };
    for (let i = 0; i < 20_000; i++)
      counts[outcomeOf(`person${i}@company.example`, 0).verdict] += 1;
    expect(counts.deliverable / 20_000).toBeGreaterThan(0.65);
    expect(counts.undeliverable / 20_000).toBeGreaterThan(0.15);
    expect(counts.undetermined / 20_000).toBeGreaterThan(0.02);
    expect(outcomeOf('person7@company.example', 0)).toEqual(
      outcomeOf('person7@company.example', 0),
    );
  });

  it('gives avatars only at provider_code_1, _5 and _6', () => {
    for (let i = 0; i < 2_000; i++) {
      for (const domain of ['outlook.com', 'yahoo.com', 'icloud.com', 'company.example']) {
        expect(outcomeOf(`person${i}@${domain}`, 0).avatar).toBe(false);
      }
    }
    const withAvatar = Array.from({ length: 2_000 }, (_, i) =>
      outcomeOf(`p${i}@gmail.com`, 0),
    ).filter((o) => o.avatar);
    expect(withAvatar.length).toBeGreaterThan(500);
    expect(withAvatar.some((o) => o.avatarUrl === '')).toBe(true);
  });
});
