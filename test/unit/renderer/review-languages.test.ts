// The review's sentences in German and Russian: each count takes its
// language's plural form (Russian's one, few and many: 1, 3, 5, 21), the
// suppression list's and the rules' groups say what decided them, and the
// command line's cost lines keep no English but the options it names.
import { describe, expect, it } from 'vitest';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import type { EstimateView, WithheldView } from '../../../electron/common/views/views';
import {
  reasonWords,
  withheldLabel,
  withheldSentences,
} from '../../../electron/common/words/withheld-words';
import { estimateLines } from '../../../electron/cli/output/cost-lines';
import {
  reusedLine,
  routeNote,
  startLabel,
} from '../../../renderer/src/features/import/review/review-words';
import { skippedRowsLine } from '../../../renderer/src/features/import/import-words';
import { coverageGroups } from '../../../renderer/src/features/import/cost/coverage-words';
import { listSizeWords } from '../../../renderer/src/features/import/platforms/platform-words';

const de = translatorOf('de').t;
const ru = translatorOf('ru').t;
const COUNTS = [1, 3, 5, 21];
const count = (n: number) => String(n);

const withheld = (n: number): WithheldView => ({
  suppressed: [{ reason: 'hard_bounce', count: n }],
  blocked: [{ rule: '*@competitor.test', count: n }],
  allowed: [{ rule: 'example.com', count: n }],
});

function estimate(over: Partial<EstimateView> = {}): EstimateView {
  return {
    unique: 21,
    toSend: 5,
    skipped: { disposable: 3, noMail: 1, role: 21 },
    reused: { count: 5, days: 30, oldest: null, newest: null },
    sampled: 0,
    withheld: withheld(3),
    unitPriceMicros: 1_000,
    priceSource: 'known',
    estimateMicros: 5_000,
    savings: { cleanedMicros: 2_000, skippedMicros: 3_000, reusedMicros: 2_000, withheldMicros: 0 },
    limitMicros: 1_500_000,
    overLimit: false,
    balanceMicros: 25_000_000,
    route: 'bulk',
    coverage: {
      covered: { count: 21, costMicros: 63_000 },
      outside: { count: 3, costMicros: 0, others: 'skip' },
      unknown: { count: 5, costMicros: 15_000 },
    },
    bulkTasks: 3,
    ...over,
  };
}

describe('the suppression list and the rules, said in Russian', () => {
  it('decline the addresses and the reasons for 1, 3, 5 and 21', () => {
    expect(COUNTS.map((n) => withheldSentences(withheld(n), count, ru)[0]?.text)).toEqual([
      'В вашем стоп-листе 1 адрес (1 жёсткий отказ): не отправляются, ничего не списывается.',
      'В вашем стоп-листе 3 адреса (3 жёстких отказа): не отправляются, ничего не списывается.',
      'В вашем стоп-листе 5 адресов (5 жёстких отказов): не отправляются, ничего не списывается.',
      'В вашем стоп-листе 21 адрес (21 жёсткий отказ): не отправляются, ничего не списывается.',
    ]);
    expect(COUNTS.map((n) => withheldSentences(withheld(n), count, ru)[1]?.text)).toEqual([
      'Ваши правила блокируют 1 адрес (*@competitor.test: 1): не отправляются, ничего не списывается.',
      'Ваши правила блокируют 3 адреса (*@competitor.test: 3): не отправляются, ничего не списывается.',
      'Ваши правила блокируют 5 адресов (*@competitor.test: 5): не отправляются, ничего не списывается.',
      'Ваши правила блокируют 21 адрес (*@competitor.test: 21): не отправляются, ничего не списывается.',
    ]);
    expect(withheldSentences(withheld(21), count, ru)[2]?.text).toMatch(
      /^21 адрес отправляется, хотя бесплатная проверка оставила бы его в стороне/,
    );
    expect(withheldSentences(withheld(5), count, ru)[2]?.text).toMatch(/^5 адресов отправляются/);
  });

  it('name a reason alone, and as a row’s label', () => {
    expect(COUNTS.map((n) => reasonWords('unsubscribe', n, ru))).toEqual([
      'отписка',
      'отписки',
      'отписок',
      'отписка',
    ]);
    expect(withheldLabel('hard_bounce', null, ru)).toBe('Жёсткий отказ');
    expect(withheldLabel(null, { action: 'allow', value: 'example.com' }, ru)).toBe(
      'Разрешено: example.com',
    );
    expect(withheldLabel(null, { action: 'block', value: '*@x.test' }, ru)).toBe('*@x.test');
  });
});

describe('the suppression list and the rules, said in German', () => {
  it('say one address or several, and each reason in its number', () => {
    expect(COUNTS.map((n) => withheldSentences(withheld(n), count, de)[0]?.text)).toEqual([
      '1 Adresse steht auf Ihrer Sperrliste (1 Hard Bounce): nicht gesendet, nichts berechnet.',
      '3 Adressen stehen auf Ihrer Sperrliste (3 Hard Bounces): nicht gesendet, nichts berechnet.',
      '5 Adressen stehen auf Ihrer Sperrliste (5 Hard Bounces): nicht gesendet, nichts berechnet.',
      '21 Adressen stehen auf Ihrer Sperrliste (21 Hard Bounces): nicht gesendet, nichts berechnet.',
    ]);
    expect(withheldSentences(withheld(1), count, de)[1]?.text).toBe(
      '1 Adresse wird von Ihren Regeln blockiert (*@competitor.test: 1): nicht gesendet, nichts berechnet.',
    );
    expect(withheldLabel('complaint', null, de)).toBe('Spam-Beschwerde');
  });
});

describe('the review’s words, in Russian and German', () => {
  it('count the addresses Check sends', () => {
    const label = (t: typeof ru, n: number) => startLabel(n, undefined, t);
    expect(COUNTS.map((n) => label(ru, n))).toEqual([
      'Проверить 1 адрес',
      'Проверить 3 адреса',
      'Проверить 5 адресов',
      'Проверить 21 адрес',
    ]);
    expect(COUNTS.map((n) => label(de, n))).toEqual([
      '1 Adresse prüfen',
      '3 Adressen prüfen',
      '5 Adressen prüfen',
      '21 Adressen prüfen',
    ]);
  });

  it('count the answers reused and the days they were checked in', () => {
    const reused = (t: typeof ru, n: number) =>
      reusedLine({ count: n, days: n, oldest: null, newest: null }, t);
    expect(COUNTS.map((n) => reused(ru, n))).toEqual([
      '1 адрес проверен за последний день: используются повторно, бесплатно.',
      '3 адреса проверены за последние 3 дня: используются повторно, бесплатно.',
      '5 адресов проверено за последние 5 дней: используются повторно, бесплатно.',
      '21 адрес проверен за последний 21 день: используются повторно, бесплатно.',
    ]);
    expect(COUNTS.map((n) => reused(de, n))).toEqual([
      '1 Adresse innerhalb des letzten Tages geprüft: wiederverwendet, kostenlos.',
      '3 Adressen innerhalb der letzten 3 Tage geprüft: wiederverwendet, kostenlos.',
      '5 Adressen innerhalb der letzten 5 Tage geprüft: wiederverwendet, kostenlos.',
      '21 Adressen innerhalb der letzten 21 Tage geprüft: wiederverwendet, kostenlos.',
    ]);
  });

  it('count a workbook’s title rows, bulk tasks and a platform list’s members', () => {
    expect(COUNTS.map((n) => skippedRowsLine(n, ru))).toEqual([
      'Первая строка над заголовком (название) не входит в список.',
      'Первые 3 строки над заголовком (название) не входят в список.',
      'Первые 5 строк над заголовком (название) не входят в список.',
      'Первая 21 строка над заголовком (название) не входит в список.',
    ]);
    expect(COUNTS.map((n) => routeNote({ route: 'bulk', bulkTasks: n }, ru).split(':')[0])).toEqual(
      [
        'Отправляются пакетной задачей',
        'Отправляются 3 пакетными задачами',
        'Отправляются 5 пакетными задачами',
        'Отправляются 21 пакетной задачей',
      ],
    );
    expect(COUNTS.map((n) => listSizeWords({ size: n }, ru))).toEqual([
      '1 контакт',
      '3 контакта',
      '5 контактов',
      '21 контакт',
    ]);
    expect(COUNTS.map((n) => listSizeWords({ size: n }, de))).toEqual([
      '1 Kontakt',
      '3 Kontakte',
      '5 Kontakte',
      '21 Kontakte',
    ]);
  });

  it('name the avatar coverage groups', () => {
    const cover = estimate().coverage;
    if (!cover) throw new Error('no coverage');
    const groups = coverageGroups(cover, de);
    expect(groups.map((g) => g.label)).toEqual([
      'Bei abgedeckten Anbietern',
      'Bei anderen Anbietern',
      'Noch unbekannte Domains',
    ]);
    expect(groups.map((g) => g.cost.replace(/\$[\d.]+/, '$'))).toEqual([
      '$',
      'Kostenlos',
      'bis zu $',
    ]);
  });
});

describe('the command line’s cost lines', () => {
  /** What is left of a line once the words kept in every language are taken out. */
  const english =
    /\b(the|and|of|at|for|with|not|checked|sent|free|address(es)?|Sending|Estimated|balance)\b/;

  it('in German and Russian keep no English sentence, only the options they name', () => {
    for (const t of [de, ru]) {
      const lines = estimateLines(estimate(), t);
      expect(lines.length).toBe(8);
      for (const line of lines) {
        const words = line.replace(
          /--skip|--others email|Email|\*@competitor\.test|example\.com/g,
          '',
        );
        expect(words, line).not.toMatch(english);
      }
    }
  });

  it('decline what is sent in Russian', () => {
    const sending = (n: number) =>
      estimateLines(estimate({ unique: n, toSend: n, bulkTasks: n }), ru).find((l) =>
        l.startsWith('Отправляется'),
      );
    expect(COUNTS.map((n) => sending(n)?.split('.')[0])).toEqual([
      'Отправляется 1 из 1 адреса одной пакетной задачей',
      'Отправляется 3 из 3 адресов 3 пакетными задачами',
      'Отправляется 5 из 5 адресов 5 пакетными задачами',
      'Отправляется 21 из 21 адреса 21 пакетной задачей',
    ]);
  });
});
