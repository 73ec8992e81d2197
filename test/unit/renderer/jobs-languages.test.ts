// The Jobs screen's word functions in another language than English: each
// count takes its language's plural (Russian's one, few and many: 1, 3, 5,
// 21), and a job's words say no English. The English of the same functions
// is what the other suites of this folder read.
import { describe, expect, it } from 'vitest';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import type { JobView } from '../../../electron/ipc/contract';
import { freeFacts } from '../../../renderer/src/features/jobs/free-facts';
import {
  badgeWords,
  productWords,
  stateWords,
} from '../../../renderer/src/features/jobs/job-words';
import {
  monthFacts,
  twiceWords,
  monthTitle,
  shownWords,
} from '../../../renderer/src/features/jobs/list/history';
import { countsWords } from '../../../renderer/src/features/jobs/list/row-words';
import { chargeLine } from '../../../renderer/src/features/jobs/money/charge-words';
import { readRecheckDays, reminderLine } from '../../../renderer/src/features/jobs/recheck-words';
import { pageWords, restWords } from '../../../renderer/src/features/jobs/team/team-words';
import { parseUsd } from '../../../renderer/src/money-input';
import { jobView } from './job-view';

const ru = translatorOf('ru').t;
const de = translatorOf('de').t;
const COUNTS = [1, 3, 5, 21] as const;

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T12:00:00.000Z');
/** A finished job `days` days (and an hour) before NOW. */
const finished = (days: number): JobView =>
  jobView({ state: 'done', finishedAt: new Date(NOW - days * DAY - 3_600_000).toISOString() });

const month = (jobs: number, addresses: number) => ({
  key: '2026-11',
  label: 'ноябрь 2026 г.',
  jobs: Array.from({ length: jobs }, (_, i) => jobView({ id: `job-${i}` })),
  addresses,
  chargedMicros: 0,
  unknownCharges: 0,
  twice: { addresses: 0, upToMicros: 0, unpriced: false },
  decimals: 2,
});

describe('in Russian', () => {
  it('counts jobs, lists, addresses and rows with one, few and many', () => {
    expect(COUNTS.map((n) => shownWords(n, n, false, ru))).toEqual([
      '1 задание',
      '3 задания',
      '5 заданий',
      '21 задание',
    ]);
    expect(COUNTS.map((n) => shownWords(1, n, true, ru))).toEqual([
      '1 из 1 задания',
      '1 из 3 заданий',
      '1 из 5 заданий',
      '1 из 21 задания',
    ]);
    expect(COUNTS.map((n) => monthTitle(month(n, 0), ru))).toEqual([
      'ноябрь 2026 г. · 1 список',
      'ноябрь 2026 г. · 3 списка',
      'ноябрь 2026 г. · 5 списков',
      'ноябрь 2026 г. · 21 список',
    ]);
    expect(COUNTS.map((n) => monthFacts(month(1, n), ru))).toEqual([
      '1 адрес · ничего не списано',
      '3 адреса · ничего не списано',
      '5 адресов · ничего не списано',
      '21 адрес · ничего не списано',
    ]);
    // What may have been charged twice, counted while its price is not known.
    expect(
      COUNTS.map((n) => twiceWords({ addresses: n, upToMicros: 0, unpriced: true }, ru)),
    ).toEqual([
      '1 адрес мог быть оплачен дважды',
      '3 адреса могли быть оплачены дважды',
      '5 адресов могли быть оплачены дважды',
      '21 адрес мог быть оплачен дважды',
    ]);
    expect(COUNTS.map((n) => countsWords(jobView({ state: 'draft', rows: n }), ru))).toEqual([
      '1 строка',
      '3 строки',
      '5 строк',
      '21 строка',
    ]);
  });

  it('says how long ago a list was checked, in days of each form', () => {
    expect(COUNTS.map((n) => reminderLine(finished(n), [finished(n)], 1, NOW, ru))).toEqual([
      'Проверен 1 день назад — проверьте снова',
      'Проверен 3 дня назад — проверьте снова',
      'Проверен 5 дней назад — проверьте снова',
      'Проверен 21 день назад — проверьте снова',
    ]);
  });

  it('words what was free, a status as a label where a number would need agreeing', () => {
    expect(COUNTS.map((n) => freeFacts(jobView({ noMail: n }), ru)[0])).toEqual([
      '1 адрес на домене без почтового сервера',
      '3 адреса на доменах без почтового сервера',
      '5 адресов на доменах без почтового сервера',
      '21 адрес на доменах без почтового сервера',
    ]);
    expect(freeFacts(jobView({ reused: 5, disposable: 3, role: 21, suppressed: 1 }), ru)).toEqual([
      'Из прежних проверок: 5',
      'Пропущено: одноразовых — 3, ролевых адресов — 21',
      'В стоп-листе, не отправлено: 1',
    ]);
    expect(restWords({ undeliverable: 3, unknown: 1, reused: 0 }, ru)).toBe(
      'Недоставляемых: 3 · Неизвестных: 1',
    );
    expect(countsWords(jobView({ state: 'done', deliverable: 21, unique: 25 }), ru)).toBe(
      'Доставляемых: 21 из 25',
    );
  });

  it('pages the team’s jobs and says a charge still to come', () => {
    expect(COUNTS.map((n) => pageWords(0, 1, n + 1, ru))).toEqual([
      '1–1 из 2 завершённых заданий',
      '1–1 из 4 завершённых заданий',
      '1–1 из 6 завершённых заданий',
      '1–1 из 22 завершённых заданий',
    ]);
    expect(pageWords(20, 1, 21, ru)).toBe('21–21 из 21 завершённого задания');
    expect(chargeLine(jobView({ state: 'waiting', paid: 21, chargedMicros: null }), ru)?.note).toBe(
      'Платных проверок: 21 — сумма появится, когда сервис сообщит цену',
    );
  });

  it('refuses days and amounts in words', () => {
    expect(readRecheckDays('0', ru)).toEqual({
      ok: false,
      message: 'Слишком рано: введите число дней от 1 до 3,650.',
    });
    expect(parseUsd('0,002', ru)).toEqual({
      ok: false,
      message: 'Пишите центы через точку: 0.002, а не 0,002.',
    });
  });
});

describe('in German', () => {
  it('counts with one and other', () => {
    expect(COUNTS.map((n) => shownWords(n, n, false, de))).toEqual([
      '1 Auftrag',
      '3 Aufträge',
      '5 Aufträge',
      '21 Aufträge',
    ]);
    expect(COUNTS.map((n) => reminderLine(finished(n), [finished(n)], 1, NOW, de))).toEqual([
      'Vor 1 Tag geprüft: erneut prüfen',
      'Vor 3 Tagen geprüft: erneut prüfen',
      'Vor 5 Tagen geprüft: erneut prüfen',
      'Vor 21 Tagen geprüft: erneut prüfen',
    ]);
    expect(COUNTS.map((n) => freeFacts(jobView({ role: n }), de)[0])).toEqual([
      '1 Funktionsadresse ausgelassen',
      '3 Funktionsadressen ausgelassen',
      '5 Funktionsadressen ausgelassen',
      '21 Funktionsadressen ausgelassen',
    ]);
    expect(freeFacts(jobView({ disposable: 1, role: 3 }), de)).toEqual([
      '1 Wegwerfadresse und 3 Funktionsadressen ausgelassen',
    ]);
  });

  it('names states, products and holds without a word of English', () => {
    const words = [
      ...(['draft', 'queued', 'checking', 'waiting', 'downloading', 'done', 'failed'] as const).map(
        (s) => stateWords(s, de),
      ),
      productWords('avatar', de),
      badgeWords(jobView({ state: 'checking', hold: { reason: 'limit', message: '' } }), de).text,
      badgeWords(jobView({ state: 'waiting', paused: true }), de).text,
      ...freeFacts(jobView({ reused: 4, noMail: 2, notCovered: 1, suppressed: 3, blocked: 5 }), de),
      chargeLine(jobView({ state: 'checking', paid: 3, chargedMicros: 3_000 }), de)?.note ?? '',
    ];
    expect(words).toContain('E-Mail + Avatar');
    expect(words).toContain('An Ihrem Limit angehalten');
    for (const word of words) {
      expect(word).not.toMatch(/\b(the|of|by|and|not|sent|left|out|charged|reused|checked)\b/i);
    }
  });
});
