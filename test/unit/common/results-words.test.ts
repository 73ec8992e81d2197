// The results' words in another language: the outcomes' names, the grade,
// the bounce report's sentences and the overview's chart sentences said in
// Russian and German, each count with its language's plural form (Russian's
// one, few and many: 1, 3, 5, 21), and no message of the results left in
// English in either catalog.
import { describe, expect, it } from 'vitest';
import type { BounceReportView } from '../../../electron/common/views/bounce-views';
import { bounceWords } from '../../../electron/common/words/bounce-words';
import { gradeBandsWords, listGrade, noGradeWords } from '../../../electron/common/grade';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import {
  OUTCOMES,
  outcomeLabel,
  providerLabel,
  reusedWords,
  stateLabel,
} from '../../../renderer/src/features/results/outcomes';
import {
  allButWords,
  outcomeSentence,
} from '../../../renderer/src/features/results/overview/plain-words';
import { filterWords } from '../../../renderer/src/features/results/rows/row-filter';
import { JOB_STATES } from '../../../electron/common/model';
import en from '../../../locales/en.json';
import de from '../../../locales/de.json';
import ru from '../../../locales/ru.json';

const RU = translatorOf('ru').t;
const DE = translatorOf('de').t;
const counts = (n: number) => n.toLocaleString('en-US');

const view = (over: Partial<BounceReportView> = {}): BounceReportView => ({
  jobId: 'job-1',
  fileName: 'bounces.csv',
  format: 'SendGrid bounces',
  rows: 40,
  skipped: 0,
  addresses: 40,
  inList: 40,
  notInList: 0,
  deliverable: {
    hard: 0,
    soft: 0,
    unspecified: 0,
    paid: 0,
    reused: 0,
    beforeVerdict: 0,
    firstBounce: null,
    lastBounce: null,
    firstVerdict: null,
    lastVerdict: null,
  },
  undeliverable: 0,
  unknown: 0,
  otherVerdict: 0,
  complaints: 0,
  unsubscribes: 0,
  suppressed: { added: 0, already: 0 },
  evidenceRows: 0,
  matchedAt: '2026-10-12T09:00:00.000Z',
  ...over,
});

describe("the results' words in Russian and German", () => {
  it('names every outcome and job state in the language, never in English', () => {
    for (const o of [...OUTCOMES, 'reused' as const, 'pending' as const]) {
      expect(outcomeLabel(o, RU)).not.toBe(outcomeLabel(o, translatorOf('en').t));
      expect(outcomeLabel(o, DE)).not.toBe(outcomeLabel(o, translatorOf('en').t));
    }
    expect(outcomeLabel('deliverable', RU)).toBe('Доставляемый');
    expect(outcomeLabel('undeliverable', DE)).toBe('Unzustellbar');
    expect(outcomeLabel('duplicate', DE)).toBe('Wiederholung');
    for (const s of JOB_STATES) expect(stateLabel(s, RU)).toMatch(/[а-я]/);
    expect(providerLabel('other', DE)).toBe('Andere Anbieter');
    expect(providerLabel('not registered', RU)).toBe('Нет ящика');
    expect(reusedWords({ checkedAt: 0, source: 'zerobounce' }, DE)).toBe(
      'Wiederverwendet (ZeroBounce)',
    );
  });

  it.each([
    [1, '1 адрес', '1 Adresse'],
    [3, '3 адреса', '3 Adressen'],
    [5, '5 адресов', '5 Adressen'],
    [21, '21 адрес', '21 Adressen'],
  ])('works the grade out over %i addresses in their plural', (n, russian, german) => {
    const statuses = { deliverable: n, undeliverable: 0, unknown: 0, invalid: 0, disposable: 0 };
    const statusesWithBad = { ...statuses, deliverable: n - 1, invalid: 1 };
    expect(listGrade(statuses, RU)?.how).toContain(`÷ ${russian} (`);
    expect(listGrade(statuses, DE)?.how).toContain(`÷ ${german} (`);
    if (n > 1) {
      expect(listGrade(statusesWithBad, RU)?.sending).toContain(`при отправке на все ${russian} `);
    }
  });

  it('says the grade card in the language', () => {
    expect(gradeBandsWords(DE)).toBe('A ab 95 · B 85–94 · C 70–84 · D 50–69 · F unter 50');
    expect(noGradeWords(RU)).toMatch(/^Без оценки:/);
    const grade = listGrade(
      { deliverable: 90, undeliverable: 8, unknown: 2, invalid: 0, disposable: 0 },
      RU,
    );
    expect(grade?.verdict).toBe('Хороший');
    expect(grade?.sending).toBe(
      'Безопасно отправлять только на доставляемые адреса (90); при отправке на все 100 адресов отказов будет 8 (8%: недоставляемые и некорректные), и часть из 2 неизвестных тоже может вернуться с отказом.',
    );
  });

  it.each([
    [1, '1 жалоба', '1 Beschwerde'],
    [3, '3 жалобы', '3 Beschwerden'],
    [5, '5 жалоб', '5 Beschwerden'],
    [21, '21 жалоба', '21 Beschwerden'],
  ])('counts %i complaints of a bounce report in the plural', (n, russian, german) => {
    const v = view({ complaints: n });
    expect(bounceWords(v, RU, { count: counts }).others).toEqual([
      `${russian} по этому списку: ${n === 1 ? 'это не отказ' : 'это не отказы'}, значит, и не доказательство.`,
    ]);
    expect(bounceWords(v, DE, { count: counts }).others).toEqual([
      `${german} aus dieser Liste: ${n === 1 ? 'kein Bounce' : 'keine Bounces'}, also kein Nachweis.`,
    ]);
  });

  it('says the hard bounces with their days in the language, and whose verdicts they were', () => {
    const v = view({
      deliverable: {
        ...view().deliverable,
        hard: 21,
        paid: 21,
        firstBounce: '2026-10-03T08:00:00.000Z',
        lastBounce: '2026-10-09T20:00:00.000Z',
        firstVerdict: '2025-09-30T10:00:00.000Z',
        lastVerdict: '2025-09-30T11:00:00.000Z',
      },
    });
    const ruWords = bounceWords(v, RU, { count: counts, locale: 'ru' });
    expect(ruWords.headline).toBe(
      'Жёсткие отказы у адресов, признанных доставляемыми: 21 (с 3 окт. по 9 окт.); вердикты вынесены 30 сент. 2025 г.',
    );
    expect(ruWords.origin).toBe('Все 21 проверены и оплачены в этом задании.');
    const deWords = bounceWords(v, DE, { count: counts, locale: 'de' });
    expect(deWords.headline).toMatch(
      /^21 als zustellbar eingestufte Adressen hatten einen Hard Bounce zwischen 3\. Okt\. und 9\. Okt\.; Ergebnisse vom 30\. Sept?\. 2025\.$/,
    );
    expect(
      bounceWords({ ...v, deliverable: { ...v.deliverable, hard: 1, paid: 1 } }, RU).origin,
    ).toBe('Он проверен и оплачен в этом задании.');
  });

  it.each([
    [1, 'единственная строка'],
    [3, 'все 3 строки'],
    [5, 'все 5 строк'],
    [21, 'все 21 строка'],
  ])('says a chart of %i rows of one outcome as a sentence', (n, russian) => {
    expect(allButWords(n, n, 'rows', RU)).toBe(russian);
    expect(outcomeSentence({ key: 'deliverable', value: n, total: n }, RU)).toBe(
      `${n === 1 ? 'Доставляемая' : 'Доставляемые'}: ${russian}.`,
    );
  });

  it('says a filter in the language', () => {
    expect(
      filterWords(
        {
          outcomes: ['deliverable', 'unknown'],
          providers: [],
          domains: ['a.com'],
          findings: ['typo'],
        },
        DE,
      ),
    ).toBe('Zustellbar oder Unbekannt · a.com · Wohl Tippfehler');
  });

  it('leaves no message of the results in English', () => {
    // Words that are the same in the language: brand names, a letter and numbers, a loanword.
    const same = new Set([
      'results.provider.sandboxAt',
      'grade.band.range',
      'rows.column.avatar',
      'results.column.domain',
      'domains.title',
      'results.tab.bounces',
      'results.exportTitle',
    ]);
    const ours = /^(results|outcome|rows|domains|bounces|grade)\./;
    const english = en as Record<string, string>;
    for (const catalog of [de, ru] as Record<string, string>[]) {
      for (const [id, text] of Object.entries(english)) {
        if (!ours.test(id) || same.has(id)) continue;
        expect(catalog[id], id).not.toBe(text);
      }
    }
  });
});
