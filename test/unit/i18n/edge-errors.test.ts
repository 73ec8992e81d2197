// The errors and notices of the rules, the list platforms and the team store
// are said in the reader's language (German and Russian here, with Russian's
// plural forms), and their English, what logs and tests read, is as before.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import { english, say, type Message } from '../../../electron/common/i18n/message';
import {
  onTeamNotice,
  storeLostWords,
  tellTeamNotice,
} from '../../../electron/coordination/notices';
import { createPlatformHttp } from '../../../electron/connectors/http';
import { refusalOf } from '../../../electron/connectors/types';
import { journalSchema } from '../../../electron/connectors/write-back/journal';
import { AppError, sayError } from '../../../electron/lib/app-error';
import { parseRuleText } from '../../../electron/rules/parse';
import { addRules } from '../../../electron/rules/store';
import { teamStoreError } from '../../../electron/team/store';
import { judgeTeamUrl } from '../../../electron/team/url';

const de = translatorOf('de').t;
const ru = translatorOf('ru').t;

/** The AppError `work` throws. */
async function thrown(work: () => unknown): Promise<AppError> {
  try {
    await work();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('nothing was thrown');
}

describe('a rule that does not parse', () => {
  it('is refused in English by default, and in the reader’s language', async () => {
    const err = await thrown(() => parseRuleText('a b'));
    expect(err.message).toBe('“a b” is not a rule: a rule has no spaces. Type one rule a line.');
    expect(sayError(err, english.t)).toBe(err.message);
    expect(sayError(err, de)).toBe(
      '„a b“ ist keine Regel: eine Regel hat keine Leerzeichen. Geben Sie eine Regel pro Zeile ein.',
    );
    expect(sayError(err, ru)).toBe(
      '«a b» — не правило: в правиле нет пробелов. Вводите по одному правилу в строке.',
    );
  });

  it('names the kinds of rule in the reader’s language when none was typed', async () => {
    const err = await thrown(() => parseRuleText('  '));
    expect(err.message).toBe(
      'Type a rule: an address (jane@example.com), a domain (example.com), a suffix (.co.uk) or a pattern with * (*@example.com).',
    );
    expect(sayError(err, de)).toContain('eine Adresse (jane@example.com), eine Domain');
    expect(sayError(err, ru)).toBe(
      'Введите правило: адрес (jane@example.com), домен (example.com), суффикс (.co.uk) или шаблон со * (*@example.com).',
    );
  });

  it('counts a long rule and the rules refused with it by each language’s plural rules', async () => {
    const long = await thrown(() => parseRuleText(`${'a'.repeat(1230)}.com`));
    expect(long.message).toBe('A rule of 1,234 characters is too long: a rule has at most 320.');
    // Russian groups thousands with a no-break space.
    expect(sayError(long, ru)).toBe(
      'Правило из 1\u00a0234 символов слишком длинное: в правиле не больше 320.',
    );
    const refusedWith = async (more: number) =>
      thrown(() =>
        addRules('/nowhere', ['a b', ...Array.from({ length: more }, () => 'c d')], 'block'),
      );
    const one = await refusedWith(1);
    expect(one.message).toBe(
      '“a b” is not a rule: a rule has no spaces. Type one rule a line. One more was refused too; no rule was added.',
    );
    const endings = await Promise.all(
      [1, 3, 5, 21].map(async (n) => sayError(await refusedWith(n), ru)),
    );
    expect(endings.map((said) => said.split('строке. ')[1])).toEqual([
      'Отклонено ещё 1 правило; ни одно правило не добавлено.',
      'Отклонено ещё 3 правила; ни одно правило не добавлено.',
      'Отклонено ещё 5 правил; ни одно правило не добавлено.',
      'Отклонено ещё 21 правило; ни одно правило не добавлено.',
    ]);
  });
});

describe('a platform refusing a key', () => {
  const servers: { close(): void }[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
  });

  it('is said in the reader’s language, the platform’s own words as it gave them', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ detail: 'API Key Invalid' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    const http = createPlatformHttp({
      platform: 'Mailchimp',
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/3.0`,
      headers: {},
      errorText: (res) => (res.json as { detail?: string } | undefined)?.detail ?? null,
      maxInFlight: 1,
    });
    const err = await thrown(() => http.request({ method: 'GET', path: 'ping' }));
    expect(err.code).toBe('platform_key');
    expect(err.message).toBe(
      'Mailchimp refused the key (“API Key Invalid”). Nothing more was read or written. Check that the key is current and has the permissions List Cleaner needs, then connect again in Settings → Connections.',
    );
    expect(sayError(err, de)).toBe(
      'Mailchimp hat den Schlüssel abgelehnt („API Key Invalid“). Es wurde nichts mehr gelesen oder geschrieben. Prüfen Sie, ob der Schlüssel noch gültig ist und die Berechtigungen hat, die List Cleaner braucht, und verbinden Sie dann erneut unter Einstellungen → Verbindungen.',
    );
    expect(sayError(err, ru)).toContain('Mailchimp отклонил ключ («API Key Invalid»).');
  });

  it('keeps a member’s refusal in English with its message, and the platform’s words as they are', () => {
    const ours = refusalOf('7', { id: 'error.connector.refusal.klaviyoCancelled' });
    expect(ours).toMatchObject({
      result: 'refused',
      reason: 'Klaviyo cancelled the import job before it finished.',
    });
    if (ours.result !== 'refused' || !ours.said) throw new Error('no message kept');
    expect(say(ru, ours.said)).toBe('Klaviyo отменил задачу импорта до её завершения.');
    expect(refusalOf('8', 'Invalid email')).toEqual({
      id: '8',
      result: 'refused',
      reason: 'Invalid email',
    });
  });
});

describe('a write-back’s journal', () => {
  const journal = (said: unknown) => ({
    version: 1,
    jobId: 'job-1',
    platform: 'klaviyo',
    listId: 'L1',
    listName: 'Newsletter',
    checkedAt: '2026-11-26',
    retire: null,
    state: 'failed',
    phase: 'verdicts',
    next: 0,
    inFlight: null,
    plan: { write: {}, unchanged: 0, skipped: 0, retirable: 0 },
    counts: { written: 0, refused: 1, retired: 0, retireRefused: 0 },
    refusals: [{ email: 'ann@example.com', reason: 'in English', said }],
    startedAt: '2026-11-26T10:00:00.000Z',
    finishedAt: null,
    error: null,
  });

  it('keeps a refusal’s message to say later, and drops one this build does not know', () => {
    const kept = journalSchema.parse(journal({ id: 'error.connector.refusal.klaviyoCancelled' }));
    expect(kept.refusals[0]?.said).toEqual({ id: 'error.connector.refusal.klaviyoCancelled' });
    const newer = journalSchema.parse(journal({ id: 'error.connector.refusal.fromANewerBuild' }));
    expect(newer.refusals[0]).toEqual({ email: 'ann@example.com', reason: 'in English' });
  });
});

describe('a team store out of reach', () => {
  const team = judgeTeamUrl('postgres://ann@db.example.com/team');
  const unreachable = teamStoreError(
    { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 10.0.0.5:5432' },
    team,
  );

  it('is told in English by default, the store’s own error said within it', () => {
    expect(say(english.t, storeLostWords(unreachable))).toBe(
      'The team store did not answer: nothing answered at db.example.com, port 5432. Check the address, and that this computer may reach it. Meanwhile jobs go on with this computer’s own memory and limits; what they learn is shared when the store is back.',
    );
    // A driver's words without a full stop are made a sentence.
    expect(say(english.t, storeLostWords(new Error('no answer within 5 s')))).toBe(
      'no answer within 5 s. Meanwhile jobs go on with this computer’s own memory and limits; what they learn is shared when the store is back.',
    );
  });

  it('is told in German and Russian, with no English sentence left', () => {
    const german = say(de, storeLostWords(unreachable));
    expect(german).toBe(
      'Die Team-Datenbank hat nicht geantwortet: Unter db.example.com, Port 5432, hat nichts geantwortet. Prüfen Sie die Adresse und ob dieser Computer sie erreichen darf. Bis dahin arbeiten die Aufträge mit dem Speicher und den Grenzen dieses Computers weiter; was sie erfahren, wird geteilt, sobald die Team-Datenbank wieder da ist.',
    );
    const russian = say(ru, storeLostWords(unreachable));
    expect(russian).toContain(
      'База команды не ответила: по адресу db.example.com, порт 5432, никто не ответил',
    );
    for (const said of [german, russian]) {
      expect(said).not.toMatch(/team store|Meanwhile|check the address|ECONNREFUSED/);
    }
    // The system's code only behind Details.
    expect((unreachable as AppError).details).toBe('connect ECONNREFUSED 10.0.0.5:5432');
  });

  it('reaches a listener as its English and as its message', () => {
    const heard: [string, Message | undefined][] = [];
    const stop = onTeamNotice((words, _kind, said) => heard.push([words, said]));
    try {
      tellTeamNotice(storeLostWords(unreachable), 'lost');
    } finally {
      stop();
    }
    const [words, said] = heard[0] ?? [];
    expect(words).toBe(say(english.t, storeLostWords(unreachable)));
    expect(said && say(ru, said)).toContain('база команды вернётся');
  });
});
