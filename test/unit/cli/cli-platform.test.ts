// `list-cleaner lists <platform>` and `list-cleaner clean <platform>:<id>` as a
// user runs them: the real command in a child process, the platform's fake
// and the sandbox on loopback, keys from the environment.
import { describe, expect, it } from 'vitest';
import { PLATFORM_ENV } from '../../../electron/common/catalogs/platforms';
import { startHubSpotHarness } from '../connectors/harness/hubspot';
import { startMailchimpHarness } from '../connectors/harness/mailchimp';
import { startMailchimpFake } from '../../fakes/mailchimp';
import type { FakeHarness } from '../connectors/harness/types';
import { cli, setup, type Bench } from '../jobs/support';

const members = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    email: `reader${i}@example${i % 5}.com`,
    firstName: `Reader${i}`,
    unsubscribed: i % 9 === 4,
    locked: i === 11,
  }));

const envOf = (bench: Bench, fake: FakeHarness) => ({
  ...bench.env(),
  [PLATFORM_ENV[fake.platform].key]: fake.key,
  [PLATFORM_ENV[fake.platform].url]: fake.url,
});

describe('list-cleaner with a platform', () => {
  it('lists the audiences with ids and sizes, and the command that checks one', async () => {
    const fake = await startMailchimpHarness({ members: members(40) });
    try {
      const bench = await setup({ checkLedger: false });
      const run = await cli(['lists', 'mailchimp'], envOf(bench, fake));
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^ID\s+MEMBERS\s+NAME$/m);
      expect(run.stdout).toMatch(new RegExp(`^${fake.listId}\\s+\\d+\\s+Newsletter$`, 'm'));
      expect(run.stdout).toContain(`list-cleaner clean mailchimp:${fake.listId}`);
    } finally {
      await fake.stop();
    }
  });

  it('prints a list name from the platform with its controls shown, never sent to the terminal', async () => {
    // An escape sequence retitling the window and clearing the screen, a C1 CSI,
    // a line break forging a line of its own, and a bidi override.
    const name = 'Spring\x1b]0;owned\x07\x1b[2J\u009b31m\nID  fake\u202Eevil';
    const fake = await startMailchimpFake({ lists: [{ id: 'aud0000009', name, members: [] }] });
    try {
      const bench = await setup({ checkLedger: false });
      const env = {
        ...bench.env(),
        [PLATFORM_ENV.mailchimp.key]: fake.key,
        [PLATFORM_ENV.mailchimp.url]: fake.url,
      };
      const run = await cli(['lists', 'mailchimp'], env);
      expect(run.code).toBe(0);
      const line = run.stdout.split('\n').find((l) => l.startsWith('aud0000009'));
      expect(line).toMatch(
        /^aud0000009 +0 {2}Spring␛\]0;owned␇␛\[2J\\u009b31m␊ID {2}fake\\u202eevil$/,
      );
      expect(run.stdout).not.toMatch(/(?!\n)[\p{Cc}\u202a-\u202e]/u);
      // What a script reads is the exact name.
      const json = await cli(['lists', 'mailchimp', '--json'], env);
      expect(json.stdout).not.toMatch(/(?!\n)[\p{Cc}\u202a-\u202e]/u);
      expect((JSON.parse(json.stdout) as { name: string }[])[0]?.name).toBe(name);
    } finally {
      await fake.stop();
    }
  });

  it('checks an audience, saves --out, tags every member and archives the undeliverable with --yes', async () => {
    const seeded = members(300);
    const fake = await startMailchimpHarness({ members: seeded });
    try {
      const bench = await setup();
      const outPath = `${bench.dir}/newsletter.csv`;
      const run = await cli(
        [
          'clean',
          `mailchimp:${fake.listId}`,
          '--archive-undeliverable',
          '--yes',
          '--out',
          outPath,
          '--json',
        ],
        envOf(bench, fake),
      );
      expect(run.stderr).not.toMatch(/^list-cleaner:/m);
      expect(run.code).toBe(0);
      const summary = JSON.parse(run.stdout) as {
        out: string;
        write_back: {
          state: string;
          counts: { written: number; retired: number; refused: number };
        };
      };
      expect(summary.out).toBe(outPath);
      expect(summary.write_back.state).toBe('done');
      const subscribed = seeded.filter((m) => !m.unsubscribed && !m.locked);
      expect(summary.write_back.counts.written).toBe(subscribed.length);
      for (const m of subscribed) expect(fake.verdictOf(m.email)).not.toBeNull();
      const undeliverable = subscribed.filter((m) =>
        /undeliverable|invalid/.test(fake.verdictOf(m.email)?.status ?? ''),
      );
      expect(summary.write_back.counts.retired).toBe(undeliverable.length);
      for (const m of undeliverable) expect(fake.retired(m.email)).toBe(true);
      expect(fake.memberCount()).toBe(seeded.length);
    } finally {
      await fake.stop();
    }
  });

  it('leaves the platform as it is with --write-back none', async () => {
    const seeded = members(60);
    const fake = await startMailchimpHarness({ members: seeded });
    try {
      const bench = await setup();
      const run = await cli(
        ['clean', `mailchimp:${fake.listId}`, '--write-back', 'none'],
        envOf(bench, fake),
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Nothing was written to Mailchimp (--write-back none).');
      for (const m of seeded) expect(fake.verdictOf(m.email)).toBeNull();
    } finally {
      await fake.stop();
    }
  });

  it('refuses --archive-undeliverable for HubSpot before reading anything', async () => {
    const fake = await startHubSpotHarness({ members: members(10) });
    try {
      const bench = await setup({ checkLedger: false });
      const run = await cli(
        ['clean', `hubspot:${fake.listId}`, '--archive-undeliverable'],
        envOf(bench, fake),
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /HubSpot members cannot be archived or unsubscribed by List Cleaner/,
      );
      expect(fake.requests).toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });

  it('says a refused key is refused, and what to do', async () => {
    const fake = await startMailchimpHarness({ members: members(10) });
    try {
      const bench = await setup({ checkLedger: false });
      const env = { ...envOf(bench, fake), LIST_CLEANER_MAILCHIMP_KEY: 'wrong-us21' };
      const run = await cli(['lists', 'mailchimp'], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^list-cleaner: Mailchimp refused the key \(“Your API key may be invalid/m,
      );
      expect(run.stderr).not.toContain('wrong-us21');
    } finally {
      await fake.stop();
    }
  });
});
