// No secret on any line: the one redaction rule alone, then a team store's
// password given with a connection that is refused, followed to every place
// it could show: the command line's stdout and stderr (its log lines on, with
// LIST_CLEANER_DEBUG), the error the window is shown, the events it is sent,
// and main's log.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core';
import { log, setLogSink } from '../../../electron/lib/log';
import { redactSecrets, registerSecret } from '../../../electron/lib/redact-secrets';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';
import { cli } from '../jobs/support';

const PASSWORD = 'not-the-password-7f3a';
// Never registered anywhere (its address is refused before it is read): only the rule's shapes catch it.
const UNREAD = 'never-read-password-c41e';

describe('redactSecrets', () => {
  it('hides the password of an address, and keeps its user and host', () => {
    expect(redactSecrets('at postgres://crew:s3cr%40t@db.example.com:5432/list_cleaner.')).toBe(
      'at postgres://crew:[redacted]@db.example.com:5432/list_cleaner.',
    );
    expect(redactSecrets('https://u:p4ss@example.com/x')).toBe(
      'https://u:[redacted]@example.com/x',
    );
    // No password: nothing to hide, a port is no password.
    expect(redactSecrets('postgres://crew@127.0.0.1:40513/db and http://127.0.0.1:8080/x')).toBe(
      'postgres://crew@127.0.0.1:40513/db and http://127.0.0.1:8080/x',
    );
  });

  it('hides password= and API key pairs, in a connection string, a query, JSON and a header', () => {
    expect(redactSecrets("host=db password='two words' user=crew")).toBe(
      'host=db password=[redacted] user=crew',
    );
    expect(redactSecrets('/check?api_key=abc123&x=1')).toBe('/check?api_key=[redacted]&x=1');
    expect(redactSecrets('{"apiKey":"sk_live_abc","n":1}')).toBe('{"apiKey":"[redacted]","n":1}');
    expect(redactSecrets('X-API-Key: sk_live_abc')).toBe('X-API-Key: [redacted]');
  });

  it('keeps our own words: the placeholder "password", and prose about a password', () => {
    const hint = "asks for crew's password: put it in the address (postgres://crew:password@…).";
    expect(redactSecrets(hint)).toBe(hint);
  });

  it('hides a secret registered here wherever it appears', () => {
    registerSecret('plain-registered-secret');
    expect(redactSecrets('it was plain-registered-secret, twice: plain-registered-secret')).toBe(
      'it was [redacted], twice: [redacted]',
    );
  });
});

describe('a team store password given with a refused connection', () => {
  const lines: string[] = [];
  beforeAll(() => setLogSink((_level, line) => lines.push(line)));
  afterAll(() => setLogSink(() => undefined));

  // Nothing listens on port 9: the connection is refused.
  const refused = `postgres://crew:${PASSWORD}@127.0.0.1:9/list_cleaner`;
  const notParsed = `postgres://crew:${UNREAD}@127.0.0.1:port/list_cleaner`;
  const expectNone = (text: string) => {
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [PASSWORD, UNREAD]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  };

  it('is on no line of the command line, its log lines included', async () => {
    const env = {
      LIST_CLEANER_API_KEY: 'sk_test_redact_suite_0001',
      LIST_CLEANER_BASE_URL: 'http://127.0.0.1:9',
      LIST_CLEANER_DATA_DIR: await mkdtemp(join(tmpdir(), 'lc-redact-')),
      LIST_CLEANER_DEBUG: '1',
    };
    for (const url of [refused, notParsed]) {
      for (const args of [
        ['team', 'status'],
        ['team', 'status', '--json'],
        ['team', 'spend'],
      ]) {
        const run = await cli(args, { ...env, LIST_CLEANER_TEAM_URL: url });
        expect(run.code, run.stderr).toBe(1);
        expectNone(run.stdout + run.stderr);
        if (url === refused && args.length === 2 && args[1] === 'status') {
          // In words first; the system's code on a line of its own, with LIST_CLEANER_DEBUG only.
          expect(run.stderr).toMatch(
            /^list-cleaner: The team store did not answer: nothing answered at 127\.0\.0\.1, port 9\./,
          );
          expect(run.stderr).toContain('\nlist-cleaner: connect ECONNREFUSED 127.0.0.1:9');
        }
      }
    }
    // Given apart from the address, it is kept off every line as well.
    const apart = await cli(['team', 'status'], {
      ...env,
      LIST_CLEANER_TEAM_URL: 'postgres://crew@127.0.0.1:9/list_cleaner',
      LIST_CLEANER_TEAM_PASSWORD: PASSWORD,
    });
    expect(apart.code).toBe(1);
    expectNone(apart.stdout + apart.stderr);
  });

  it('is not in the error the window is shown, the events it is sent, or the log', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lc-redact-core-'));
    // The user says yes in main's dialogs: the connection is tried, and refused.
    const core = await createCore({
      dataDir,
      keyStore: createMemoryKeyStore(null),
      shell: { consent: async () => true },
    });
    const events: string[] = [];
    const unsubscribe = core.events.subscribe((event, payload) =>
      events.push(JSON.stringify({ event, payload })),
    );
    try {
      const answers = [
        await core.registry.invoke('team:test', { url: refused }),
        await core.registry.invoke('team:connect', { url: refused }),
        await core.registry.invoke('team:connect', {
          url: 'postgres://crew@127.0.0.1:9/list_cleaner',
          password: PASSWORD,
        }),
        await core.registry.invoke('team:test', { url: notParsed }),
      ];
      for (const answer of answers) {
        expect(answer).toMatchObject({ ok: false });
        expectNone(JSON.stringify(answer));
      }
      // Said in words; the system's code is only in the details behind the disclosure.
      expect(answers[0]).toMatchObject({
        error: {
          message: expect.stringMatching(
            /^The team store did not answer: nothing answered at 127\.0\.0\.1, port 9/,
          ),
          details: expect.stringContaining('ECONNREFUSED'),
        },
      });
      expect(JSON.stringify(answers[0])).not.toMatch(/"message":"[^"]*ECONNREFUSED/);
      // Whatever logs an address later, by mistake, writes it without its password.
      log.warn(`a careless line about ${notParsed}`);
      expectNone(lines.join('\n'));
      expect(lines.join('\n')).toContain('a careless line about postgres://crew:[redacted]@');
      expect(events.join('\n')).not.toContain(PASSWORD);
    } finally {
      unsubscribe();
      await core.dispose();
    }
  });
});
