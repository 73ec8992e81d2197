// The Settings and Account screens' words in another language: each count
// takes its language's plural (Russian's one, few and many: 1, 3, 5, 21),
// a field's refusal is said in the language of the window, and no English
// sentence is left in what the word functions make; English stays as it was.
import { describe, expect, it } from 'vitest';
import english from '../../../locales/en.json';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import type { MessageId } from '../../../electron/common/i18n/translate';
import { providerName } from '../../../electron/common/catalogs/providers';
import { say } from '../../../electron/common/i18n/message';
import { CONNECTORS } from '../../../electron/connectors/platforms';
import type { RulesChangeView } from '../../../electron/common/views/rule-views';
import type { VerdictImportView } from '../../../electron/common/views/verdict-views';
import { ApiError } from '../../../renderer/src/api/call';
import {
  connectProblem,
  connectionLine,
  removeQuestion,
} from '../../../renderer/src/features/account/connections/connection-words';
import { changeLine } from '../../../renderer/src/features/account/rules/rule-words';
import {
  PATIENCE_RANGE,
  POLL_RANGE,
  readSpendLimit,
  readWholeNumber,
  REUSE_RANGE,
} from '../../../renderer/src/features/account/settings/setting-rules';
import {
  entryLine,
  importLine,
  sourceLine,
} from '../../../renderer/src/features/account/suppression/suppression-words';
import { machinesWords, spendWords } from '../../../renderer/src/features/account/team/spend-words';
import {
  answersLine,
  testLine,
  waitingLine,
} from '../../../renderer/src/features/account/team/team-words';
import {
  countLines,
  headLine,
} from '../../../renderer/src/features/account/verdicts/verdict-words';

const ru = translatorOf('ru').t;
const de = translatorOf('de').t;
const en = translatorOf('en').t;

const COUNTS = [1, 3, 5, 21] as const;
const each = <T>(say: (n: number) => T): T[] => COUNTS.map(say);

const change = (n: number, where: 'added' | 'changed' | 'unchanged'): RulesChangeView => {
  const rules = Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    action: 'block' as const,
    kind: 'domain' as const,
    value: `d${i}.com`,
    addedAt: '2026-11-01T00:00:00Z',
  }));
  return { added: [], changed: [], unchanged: [], [where]: rules, rules };
};

/** English words that would show a sentence left untranslated. */
const ENGLISH = /\b(the|and|rows?|address(es)?|answers?|rules?|jobs?|ago|with|was|were)\b/i;

describe('counts in Russian and German', () => {
  it('says answers kept in the team store with each plural form', () => {
    expect(each((n) => answersLine({ answers: n, answersNote: null }, ru))).toEqual([
      '1 ответ для этого аккаунта',
      '3 ответа для этого аккаунта',
      '5 ответов для этого аккаунта',
      '21 ответ для этого аккаунта',
    ]);
    expect(each((n) => answersLine({ answers: n, answersNote: null }, de))).toEqual([
      '1 Antwort für dieses Konto',
      '3 Antworten für dieses Konto',
      '5 Antworten für dieses Konto',
      '21 Antworten für dieses Konto',
    ]);
    expect(waitingLine({ waiting: 21 }, ru)).toMatch(/^21 ответ, оплаченный .* ждёт /);
    expect(waitingLine({ waiting: 5 }, ru)).toMatch(/^5 ответов, оплаченных .* ждут /);
    expect(waitingLine({ waiting: 0 }, ru)).toBeNull();
  });

  it('says one answer waiting in the singular, in English too', () => {
    const en = translatorOf('en').t;
    expect(waitingLine({ waiting: 1 }, en)).toBe(
      '1 answer paid for on this computer waits to be sent to the store; it goes once it is reached.',
    );
    expect(waitingLine({ waiting: 2 }, en)).toBe(
      '2 answers paid for on this computer wait to be sent to the store; they go once it is reached.',
    );
  });

  it('says what adding rules did', () => {
    expect(each((n) => changeLine(change(n, 'added'), 'block', ru))).toEqual([
      'Добавлено 1 правило.',
      'Добавлено 3 правила.',
      'Добавлено 5 правил.',
      'Добавлено 21 правило.',
    ]);
    expect(each((n) => changeLine(change(n, 'unchanged'), 'allow', de))).toEqual([
      '1 Regel war schon vorhanden.',
      '3 Regeln waren schon vorhanden.',
      '5 Regeln waren schon vorhanden.',
      '21 Regeln waren schon vorhanden.',
    ]);
    expect(changeLine(change(3, 'changed'), 'allow', ru)).toBe(
      '3 существующих правила теперь разрешают.',
    );
  });

  it("says a suppression file's addresses and what an import left out", () => {
    const source = (entries: number) => ({
      name: 'a.csv',
      addedAt: '2026-11-26T12:00:00Z',
      entries,
    });
    expect(each((n) => sourceLine(source(n), ru).split(' · ')[0])).toEqual([
      '1 адрес',
      '3 адреса',
      '5 адресов',
      '21 адрес',
    ]);
    const view = (skipped: number) => ({
      fileName: 'bounces.csv',
      label: 'Mailchimp cleaned members',
      rows: 10,
      added: 2,
      replaced: 0,
      skipped,
      summary: { count: 2, team: false, sources: [] },
    });
    expect(each((n) => importLine(view(n), ru).split('; ')[1])).toEqual([
      'пропущена 1 строка без допустимого адреса.',
      'пропущены 3 строки без допустимого адреса.',
      'пропущено 5 строк без допустимого адреса.',
      'пропущена 21 строка без допустимого адреса.',
    ]);
    expect(importLine(view(0), de)).toBe(
      'Bereinigte Mailchimp-Kontakte (bounces.csv): 2 hinzugefügt, 0 ersetzt.',
    );
  });

  it("says a team's spend, and a job whose charge is not known", () => {
    const row = (unknownCharges: number) => ({ micros: 4_200_000, unknownCharges });
    expect(each((n) => spendWords(row(n), ru, 'en-US').replace(/^\$4\.20 /, ''))).toEqual([
      'и ещё 1 задание с неизвестной стоимостью',
      'и ещё 3 задания с неизвестной стоимостью',
      'и ещё 5 заданий с неизвестной стоимостью',
      'и ещё 21 задание с неизвестной стоимостью',
    ]);
    expect(spendWords({ micros: 0, unknownCharges: 1 }, de)).toBe('unbekannt');
    expect(machinesWords(['a', 'b'], de)).toBe('a und b');
    expect(machinesWords(['a', 'b', 'c', 'd', 'e'], ru)).toBe('5 компьютеров');
    expect(machinesWords(['a', 'b', 'c'], ru)).toBe('3 компьютера');
  });

  it("says another vendor's file with no English sentence left", () => {
    const view = (n: number): VerdictImportView => ({
      vendor: 'zerobounce',
      fileName: 'zb.csv',
      rows: n,
      remembered: { deliverable: n, undeliverable: n },
      unknown: n,
      unmapped: [{ word: 'maybe', rows: n }],
      skipped: { noAddress: n, older: n },
      date: '2026-10-03',
      memoryUnavailable: true,
    });
    expect(each((n) => headLine(view(n), ru).split(' вердиктов')[0])).toEqual([
      'zb.csv: 1 строка',
      'zb.csv: 3 строки',
      'zb.csv: 5 строк',
      'zb.csv: 21 строка',
    ]);
    for (const t of [ru, de]) {
      for (const n of COUNTS) {
        const lines = countLines(view(n), t);
        expect(lines).toHaveLength(6);
        for (const line of lines) expect(line.replace(/“maybe”|„maybe“/, '')).not.toMatch(ENGLISH);
      }
    }
    expect(countLines(view(5), ru)[2]).toBe(
      'Сохранено как неизвестные: 5 строк со словом, которого List Cleaner не знает: «maybe» (5).',
    );
  });
});

describe("the fields' refusals and the words of a connection", () => {
  it("refuses a value in the window's language, and in English as before", () => {
    expect(readWholeNumber('abc', PATIENCE_RANGE, de)).toEqual({
      ok: false,
      message: 'Geben Sie eine ganze Zahl von 1 bis 72 Stunden ein.',
    });
    expect(readWholeNumber('5', POLL_RANGE, ru)).toEqual({
      ok: false,
      message: 'Сервис просит опрашивать его не чаще раза в 30 секунд: введите 30 или больше.',
    });
    expect(readWholeNumber('5', POLL_RANGE, en)).toEqual({
      ok: false,
      message:
        'The service asks to be checked no more often than every 30 seconds: enter 30 or more.',
    });
    expect(readWholeNumber('1000', REUSE_RANGE, en)).toEqual({
      ok: false,
      message: 'At most 365 days: enter from 0 to 365.',
    });
    expect(readWholeNumber('12', REUSE_RANGE, ru)).toEqual({ ok: true, value: 12 });
    const tooMuch = readSpendLimit('99999999', de);
    expect(tooMuch.ok ? '' : tooMuch.message).toMatch(/^Höchstens .* \$: /);
  });

  it("names each platform's key as the platform does, in the sentence's case", () => {
    const hubspot = { name: 'HubSpot', platform: 'hubspot' as const };
    const refused = new ApiError({
      code: 'platform_key',
      message: 'HubSpot refused the key (401).',
    });
    expect(connectProblem(refused, hubspot, de)).toMatch(
      /^HubSpot hat dieses Zugriffstoken abgelehnt: /,
    );
    expect(removeQuestion({ name: 'Klaviyo', platform: 'klaviyo' }, de)).toContain(
      'vergisst den privaten API-Schlüssel.',
    );
    expect(
      connectionLine(
        { connected: true, host: 'api.hubapi.com', keyEnding: '9f2c', platform: 'hubspot' },
        ru,
      ),
    ).toBe('api.hubapi.com · Токен доступа частного приложения, оканчивается на 9f2c');
    expect(say(ru, CONNECTORS.brevo.keyHelp)).toContain(
      'LIST_CLEANER_STATUS и LIST_CLEANER_CHECKED_AT',
    );
  });

  it("says a suppressed address's entry and a mailbox provider", () => {
    const entry = {
      address: 'a@b.com',
      reason: 'hard_bounce' as const,
      date: null,
      source: 'm.csv',
      detail: '',
    };
    expect(entryLine(entry, de)).toBe('Hard Bounce, aus m.csv.');
    expect(entryLine(entry, en)).toBe('Hard bounce, from m.csv.');
    expect(providerName('other', ru)).toBe('Другие провайдеры');
    expect(providerName('provider_code_1', de)).toBe('Gmail');
    expect(providerName('provider_code_1', en)).toBe('Gmail');
  });

  it('says what a test of the team store found, without an English sentence', () => {
    const test = {
      target: 'ana@db:5432/lc',
      serverVersion: '16.4 (Debian)',
      schemaVersion: 3,
      migrated: [2, 3],
      encrypted: false,
      canReadWrite: false,
    };
    expect(testLine(test, en)).toBe(
      'Reached: PostgreSQL 16.4, not encrypted (this computer only). Schema version 3. Brought up to schema version 3. This user may not use List Cleaner’s functions in this store: ask the store’s administrator to add it to list_cleaner_member.',
    );
    expect(testLine(test, ru)).toMatch(/^Подключено: PostgreSQL 16\.4, без шифрования/);
  });
});

describe('every Settings message', () => {
  const PREFIXES = [
    'settings.',
    'account.',
    'team.',
    'rules.',
    'suppression.',
    'verdicts.',
    'connections.',
  ];
  const ids = (Object.keys(english) as MessageId[]).filter((id) =>
    PREFIXES.some((prefix) => id.startsWith(prefix)),
  );

  it('is said in German and Russian in words of their own', () => {
    // Names and terms the same in both languages: a product, a brand, a quoted word.
    const same = new Set<MessageId>([
      'team.title',
      'team.spend.person',
      'team.facts.schema',
      'team.facts.version',
      'team.spend.twoComputers',
      'settings.theme.system',
      'team.test.reachedEncrypted',
      'verdicts.word',
      // German says "Details" too.
      'team.details',
    ]);
    const said = (language: 'en' | 'de' | 'ru', id: MessageId) =>
      translatorOf(language)
        .rich<string>(id, { ...VALUES, mono: plain, strong: plain })
        .join('');
    for (const language of ['de', 'ru'] as const) {
      const untranslated = ids.filter(
        (id) => !same.has(id) && said(language, id) === said('en', id),
      );
      expect(untranslated).toEqual([]);
    }
  });
});

/** A tag's words without it. */
const plain = (chunks: string[]) => chunks.join('');

const VALUES = {
  unit: 'seconds',
  port: 5432,
  min: '1',
  max: '9',
  last4: 'abcd',
  host: 'h',
  demo: '5',
  days: 5,
  n: 5,
  count: '5',
  months: 5,
  version: 3,
  amount: '$1',
  first: 'a',
  second: 'b',
  from: 'x',
  to: 'y',
  month: 'm',
  label: 'l',
  fileName: 'f',
  member: 'ana',
  added: '1',
  replaced: '1',
  skipped: '1',
  date: 'd',
  reason: 'r',
  hasDate: 'yes',
  hasSource: 'yes',
  hasDetail: 'yes',
  source: 's',
  detail: 'x',
  name: 'N',
  vendor: 'V',
  deliverable: '1',
  undeliverable: '1',
  word: 'w',
  words: 'w',
  status: 'S',
  checked: 'C',
  platform: 'hubspot',
  ending: 'e',
  number: '1',
  domain: 'd.com',
};
