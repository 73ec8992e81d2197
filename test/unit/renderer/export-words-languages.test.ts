// The export drawer's and the write-back's words in Russian and German: each
// count takes its language's plural (Russian's one, few and many: 1, 3, 5,
// 21), and nothing English is left in a sentence but the platforms' names and
// the names the files and platforms hold (tags, properties, sheets).
import { describe, expect, it } from 'vitest';
import { STATUS_GROUPS } from '../../../electron/common/model';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import { english, say } from '../../../electron/common/i18n/message';
import type { WriteBackPlan, WriteBackReport } from '../../../electron/common/views/platform-views';
import { verdictHow } from '../../../electron/common/views/platform-views';
import { PLATFORMS } from '../../../electron/common/catalogs/platforms';
import { CONNECTORS } from '../../../electron/connectors/platforms';
import {
  continuedSheetsLine,
  emptyGroupsLine,
  formatWords,
  groupLabel,
  statusGroupsLine,
} from '../../../renderer/src/features/results/export/export-words';
import {
  failureWords,
  freeNote,
  howLine,
  noRetireLine,
  planNotes,
  planRows,
  progressLine,
  reportLines,
  reportTitle,
  retireWords,
} from '../../../renderer/src/features/results/writeback/writeback-words';

const ru = translatorOf('ru').t;
const de = translatorOf('de').t;

/** English words that would show a sentence left untranslated. */
const ENGLISH =
  /\b(the|member|members|rows?|files?|written|refused|each|nothing|sheets?|with|and|or)\b/i;

const counts = (n: number): WriteBackPlan['counts'] => ({
  write: { deliverable: n, undeliverable: 2 },
  unchanged: n,
  skipped: n,
  retirable: n,
});

function plan(over: Partial<WriteBackPlan> = {}): WriteBackPlan {
  return {
    platform: 'mailchimp',
    listName: 'Newsletter',
    checkedAt: '2026-03-03',
    counts: counts(5),
    how: 'the tag "list-cleaner: <status>", its earlier List Cleaner tag made inactive',
    dated: false,
    retireModes: ['unsubscribe', 'archive'],
    ...over,
  };
}

function report(over: Partial<WriteBackReport> = {}): WriteBackReport {
  return {
    platform: 'hubspot',
    listName: 'Newsletter',
    state: 'failed',
    phase: 'retire',
    plan: counts(5),
    counts: { written: 5, refused: 3, retired: 2, retireRefused: 1 },
    refusals: [],
    retire: 'archive',
    startedAt: '2026-03-03T12:00:00.000Z',
    finishedAt: null,
    error: null,
    ...over,
  };
}

describe('the write-back in Russian', () => {
  it('says counts of members with the plural each number takes', () => {
    const unchanged = [1, 3, 5, 21].map((n) => planNotes(ru, { ...counts(n), skipped: 0 })[0]);
    expect(unchanged).toEqual([
      '1 контакт уже имеет этот результат после прошлой записи: он остаётся как есть.',
      '3 контакта уже имеют этот результат после прошлой записи: они остаются как есть.',
      '5 контактов уже имеют этот результат после прошлой записи: они остаются как есть.',
      '21 контакт уже имеет этот результат после прошлой записи: он остаётся как есть.',
    ]);
    const progress = [1, 3, 5, 21].map((total) =>
      progressLine(ru, { phase: 'verdicts', retire: null }, { done: 1, total }),
    );
    expect(progress).toEqual([
      'Запись результатов: 1 из 1 контакта',
      'Запись результатов: 1 из 3 контактов',
      'Запись результатов: 1 из 5 контактов',
      'Запись результатов: 1 из 21 контакта',
    ]);
    const written = [1, 3, 5, 21].map(
      (n) => failureWords(ru, { counts: { ...report().counts, written: n }, error: null })[1],
    );
    expect(written.map((w) => w?.split(' до ')[0])).toEqual([
      '1 контакт записан',
      '3 контакта записаны',
      '5 контактов записаны',
      '21 контакт записан',
    ]);
  });

  it('leaves no English sentence in the plan or the report', () => {
    const p = plan();
    const said = [
      freeNote(ru),
      howLine(ru, p),
      howLine(ru, plan({ platform: 'brevo', dated: true })),
      ...planRows(ru, p).map((r) => r.label),
      ...planNotes(ru, p.counts),
      retireWords(ru, p, 'archive').label,
      retireWords(ru, p, 'archive').hint,
      retireWords(ru, p, 'unsubscribe').hint,
      noRetireLine(ru, plan({ platform: 'hubspot' })),
      reportTitle(ru, report()),
      progressLine(ru, report(), undefined),
      ...reportLines(ru, report()).map((l) => l.label),
      ...failureWords(ru, report({ counts: { ...report().counts, written: 0 } })),
    ];
    for (const line of said) expect(line).not.toMatch(ENGLISH);
    expect(reportTitle(ru, report())).toBe('Запись в HubSpot остановилась');
    // The tag's text is Mailchimp's and stays as it is written there.
    expect(howLine(ru, p)).toBe(
      'Каждый контакт получает тег «list-cleaner: …», а прежний тег List Cleaner становится неактивным.',
    );
  });
});

describe('the write-back in German', () => {
  it('says counts of members with the plural each number takes', () => {
    expect(
      [1, 3, 5, 21].map((n) => retireWords(de, plan({ counts: counts(n) }), 'archive').label),
    ).toEqual([
      'Auch den 1 unzustellbaren Kontakt archivieren',
      'Auch die 3 unzustellbaren Kontakte archivieren',
      'Auch die 5 unzustellbaren Kontakte archivieren',
      'Auch die 21 unzustellbaren Kontakte archivieren',
    ]);
    expect(
      [1, 3, 5, 21].map((n) => planNotes(de, { ...counts(n), unchanged: 0 })[0]?.split(' (')[0]),
    ).toEqual([
      '1 Zeile hat kein Ergebnis zum Schreiben',
      '3 Zeilen haben kein Ergebnis zum Schreiben',
      '5 Zeilen haben kein Ergebnis zum Schreiben',
      '21 Zeilen haben kein Ergebnis zum Schreiben',
    ]);
  });

  it('leaves no English sentence in the plan or the report', () => {
    const said = [
      freeNote(de),
      ...PLATFORMS.map((platform) => howLine(de, plan({ platform, dated: true }))),
      ...planNotes(de, plan().counts),
      ...reportLines(de, report()).map((l) => l.label),
      ...failureWords(de, report()),
      progressLine(de, report(), { done: 2, total: 5 }),
    ];
    for (const line of said) expect(line).not.toMatch(ENGLISH);
    expect(reportLines(de, report()).map((l) => l.label)).toEqual([
      'Geschrieben',
      'Bereits aktuell',
      'Von HubSpot abgelehnt',
      'Archiviert',
      'Nicht archiviert: von HubSpot abgelehnt',
    ]);
  });
});

describe('the shared words about a platform', () => {
  it('say where to make a key in the reader’s language', () => {
    for (const platform of PLATFORMS) {
      const help = CONNECTORS[platform].keyHelp;
      expect(say(english.t, help)).toMatch(new RegExp(`^In ${CONNECTORS[platform].name}, open `));
      expect(say(de, help)).toMatch(/^Öffnen Sie in /);
      expect(say(ru, help)).toMatch(/^В \w+ откройте /);
    }
  });

  it('say how a verdict is held, in English as a plan from main says it, the status in its place', () => {
    expect(verdictHow(english.t, 'mailchimp', '<status>')).toBe(
      'the tag "list-cleaner: <status>", its earlier List Cleaner tag made inactive',
    );
    expect(verdictHow(english.t, 'brevo', '<status>')).toBe(
      'the contact attributes LIST_CLEANER_STATUS and LIST_CLEANER_CHECKED_AT',
    );
  });
});

describe('the export drawer in Russian and German', () => {
  it('counts the sheets a workbook continues on', () => {
    expect(continuedSheetsLine(ru, ['A', 'A (2)'])).toBe(
      'Строк больше, чем вмещает лист Excel: остальные на листе 2 (A (2)).',
    );
    expect(continuedSheetsLine(ru, ['A', 'A 2', 'A 3'])).toBe(
      'Строк больше, чем вмещает лист Excel: остальные на листах 2–3 (A 2, A 3).',
    );
    expect(continuedSheetsLine(de, ['A', 'A 2', 'A 3'])).toBe(
      'Mehr Zeilen, als ein Excel-Blatt fasst: Die übrigen stehen auf den Blättern 2–3 (A 2, A 3).',
    );
  });

  it('names the groups without a file, one or several', () => {
    expect(emptyGroupsLine(ru, ['removed'])).toBe(
      'Нет строк в группе «Удалённые»: файл для неё не создан.',
    );
    expect(emptyGroupsLine(ru, ['undeliverable', 'unknown', 'removed'])).toBe(
      'Нет строк в группах «Недоставляемые», «Неизвестные» и «Удалённые»: файлы для них не созданы.',
    );
    expect(emptyGroupsLine(de, ['unknown', 'removed'])).toBe(
      'Keine Zeile war unbekannt oder entfernt: Dafür gibt es keine Dateien.',
    );
  });

  it('counts rows and files with the plural each number takes', () => {
    expect([1, 3, 5, 21].map((n) => ru('export.byStatus.rows', { n, count: String(n) }))).toEqual([
      '1 строка',
      '3 строки',
      '5 строк',
      '21 строка',
    ]);
    expect(
      [1, 3, 5, 21].map((n) =>
        ru('export.byStatus.saved', { n, count: String(n), as: formatWords(ru, 'csv').savedAs }),
      ),
    ).toEqual([
      'Сохранён 1 файл по статусам в формате CSV',
      'Сохранено 3 файла по статусам в формате CSV',
      'Сохранено 5 файлов по статусам в формате CSV',
      'Сохранён 21 файл по статусам в формате CSV',
    ]);
    expect([1, 3, 5, 21].map((n) => de('export.byStatus.rows', { n, count: String(n) }))).toEqual([
      '1 Zeile',
      '3 Zeilen',
      '5 Zeilen',
      '21 Zeilen',
    ]);
  });

  it('leaves no English sentence, the file types aside', () => {
    for (const t of [ru, de]) {
      const said = [
        statusGroupsLine(t),
        ...STATUS_GROUPS.map((g) => groupLabel(t, g)),
        formatWords(t, 'xlsx').label,
        formatWords(t, 'xlsx').hint,
        formatWords(t, 'csv').hint,
        t('export.about', { newFile: formatWords(t, 'csv').file }),
        t('export.saved.title', {
          n: 10,
          written: '5',
          total: '10',
          as: formatWords(t, 'xlsx').savedAs,
        }),
      ];
      for (const line of said) expect(line).not.toMatch(ENGLISH);
    }
  });
});
