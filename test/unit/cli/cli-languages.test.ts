// `list-cleaner` in another language: its human lines (the help, a usage
// mistake, the balance, the jobs, clean's summary) are said in the language
// LIST_CLEANER_LANGUAGE names, else the locale's (LC_ALL, LC_MESSAGES, LANG),
// with each language's plurals and numbers; what a script reads (--json) and
// what is typed (commands, flags) stays exactly as in English.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import { describeFindings } from '../../../electron/cli/output/output';
import type { ListFindings } from '../../../electron/lists/types';
import { cli, setup, type Bench } from '../jobs/support';

const RUSSIAN = { LIST_CLEANER_LANGUAGE: 'ru' };
const GERMAN = { LIST_CLEANER_LANGUAGE: 'de' };
/** No language named for the run: the locale's variables decide. */
const LOCALE = { LIST_CLEANER_LANGUAGE: '' };

/** The help's descriptions: each line's words after the commands' column. */
const descriptions = (help: string): string[] =>
  help
    .split('\n')
    .map((line) => (line.startsWith(' ') ? line.slice(32) : line).trim())
    .filter((text) => /[a-z]{3,} [a-z]{3,}/i.test(text));

/** The help's commands and flags, as typed: each line's first column. */
const syntaxes = (help: string): string[] =>
  help
    .split('\n')
    .filter((line) => /^ {2,6}\S/.test(line))
    .map((line) => line.slice(0, 32).trim());

describe('list-cleaner --help in another language', () => {
  it('says every description in Russian and German, the commands and flags as typed', async () => {
    const english = (await cli(['--help'], {})).stdout;
    for (const env of [RUSSIAN, GERMAN]) {
      const { code, stdout } = await cli(['--help'], env);
      expect(code).toBe(0);
      const left = descriptions(english).filter((text) => stdout.includes(text));
      expect(left, env.LIST_CLEANER_LANGUAGE).toEqual([]);
      expect(syntaxes(stdout)).toEqual(syntaxes(english));
      expect(stdout).toContain('list-cleaner resume <id> --max-spend <USD>');
      expect(stdout.endsWith('\n')).toBe(true);
    }
    const russian = (await cli(['--help'], RUSSIAN)).stdout;
    expect(russian).toMatch(/^Использование: list-cleaner <command> \[options\]\n\nКоманды:\n/);
    // Descriptions keep the English column, and none runs past the English width.
    const widest = (help: string) => Math.max(...help.split('\n').map((l) => l.length));
    expect(widest(russian)).toBeLessThanOrEqual(widest(english));
    expect(russian).toMatch(/\n {2}balance {23}Показать баланс аккаунта\.\n/);
  });

  it('follows LC_ALL, then LC_MESSAGES, then LANG when no language is named', async () => {
    const help = async (env: Record<string, string>) =>
      (await cli(['--help'], { ...LOCALE, LC_ALL: '', LC_MESSAGES: '', LANG: '', ...env })).stdout;
    expect(await help({ LANG: 'de_DE.UTF-8' })).toMatch(/^Aufruf: /);
    expect(await help({ LC_ALL: 'fr_FR.UTF-8', LANG: 'de_DE.UTF-8' })).toMatch(
      /^Utilisation\u00a0: /,
    );
    expect(await help({ LC_MESSAGES: 'es_ES.UTF-8', LANG: 'de_DE.UTF-8' })).toMatch(/^Uso: /);
    expect(await help({ LANG: 'pt_BR.UTF-8' })).toMatch(/^Uso: list-cleaner/);
    expect(await help({ LC_ALL: 'C', LANG: 'ru_RU.UTF-8' })).toMatch(/^Usage: /);
    // A language named for the run wins over the locale.
    expect(await help({ LIST_CLEANER_LANGUAGE: 'ru', LC_ALL: 'de_DE.UTF-8' })).toMatch(
      /^Использование: /,
    );
  });
});

describe('usage mistakes in another language', () => {
  const env = { LIST_CLEANER_BASE_URL: 'http://127.0.0.1:9', LIST_CLEANER_API_KEY: 'sk_test_x' };

  it.each([
    [['frob'], 'list-cleaner: неизвестная команда «frob». См. list-cleaner --help.'],
    [
      ['clean'],
      'list-cleaner: clean нужен файл: list-cleaner clean contacts.csv. См. list-cleaner --help.',
    ],
    [
      ['balance', '--frob'],
      'list-cleaner: Неизвестный параметр «--frob». Чтобы передать аргумент, начинающийся с «-», поставьте его в конец команды после «--», например: -- "--frob". См. list-cleaner --help.',
    ],
    [
      ['clean', 'x.csv', '--out'],
      'list-cleaner: У параметра «--out <value>» нет значения. См. list-cleaner --help.',
    ],
    [
      ['clean', 'x.csv', '--keep', 'some'],
      'list-cleaner: --keep принимает результаты (deliverable, undeliverable, unknown, invalid, duplicate, disposable, role, not_covered, suppressed, blocked, not-deliverable или all), риски (low, medium, high), provider:<code> и finding:<role|free|disposable|typo|no_mail_server|reused> через запятую, а не «some». См. list-cleaner --help.',
    ],
    [
      ['clean', 'x.csv', '--product', 'avatar', '--others', 'all'],
      'list-cleaner: --others принимает skip или email: что делать с адресами, которых проверка аватара не охватывает. См. list-cleaner --help.',
    ],
  ])('%j: one Russian line, exit 2', async (args, line) => {
    const result = await cli(args, { ...env, ...RUSSIAN });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`${line}\n`);
  });
});

/** Six deliverable, three undeliverable, one unknown; an invalid cell, an empty one and a repeat. */
async function mixedList(b: Bench): Promise<string> {
  const rows = [
    'email,name',
    'deliverable+1@gmail.com,Ann',
    'deliverable+2@outlook.com,Bob',
    'undeliverable+1@gmail.com,Cid',
    'not an address,Dee',
    ',Eve',
    'deliverable+3@yahoo.com,Fay',
    'DELIVERABLE+1@gmail.com,Ann again',
    'undetermined+1@example.com,Gus',
    'deliverable+4@example.com,Hal',
    'undeliverable+2@example.com,Ivy',
    'deliverable+5@mail.ru,Jon',
    'undeliverable+3@yandex.ru,Kim',
    'deliverable+6@icloud.com,Lou',
  ];
  const path = join(b.dir, 'contacts.csv');
  await writeFile(path, `${rows.join('\n')}\n`);
  return path;
}

/** A job's id, the same in every run's output. */
// A job's id and the moment its unknowns are next asked differ from run to run.
const sameId = (text: string) =>
  text.replace(/\d{14}-[0-9a-f]{6}/g, '<job>').replace(/"next_at":"[^"]*"/g, '"next_at":"<time>"');

describe('a command’s lines in another language', () => {
  it('balance: written the language’s way; --json as in English', async () => {
    const b = await setup();
    const balance = async (env: Record<string, string>, json = false) =>
      (await cli(['balance', ...(json ? ['--json'] : [])], { ...b.env(), ...env })).stdout;
    expect(await balance({})).toBe('$1,000.00\n');
    expect(await balance(RUSSIAN)).toBe('1\u00a0000,00\u00a0$\n');
    expect(await balance(GERMAN)).toBe('1.000,00\u00a0$\n');
    expect(await balance(RUSSIAN, true)).toBe(await balance({}, true));
  });

  it('clean: the summary in Russian and German, with their plurals; --json as in English', async () => {
    const b = await setup();
    const saved = join(b.dir, 'contacts.cleaned.csv');
    const ru = await cli(['clean', await mixedList(b)], { ...b.env(), ...RUSSIAN });
    expect(ru.code, ru.stderr).toBe(0);
    // The fourth line says when the unknown one is asked again.
    const [job = '', , , , savedLine = ''] = ru.stdout.split('\n');
    expect(job).toBe(
      'contacts.csv [email]: готово: доставляемых: 6, недоставляемых: 3, неизвестных: 1; списано 0,009\u00a0$',
    );
    expect(savedLine).toBe(`Сохранено 13 из 13 строк в ${saved}`);
    expect(ru.stderr).toContain(
      'contacts.csv: 13 строк; столбец адресов «email»; к проверке: 10, недействительных: 1, пустых: 1, повторов: 1 (удалены бесплатно).',
    );

    const de = await cli(['clean', await mixedList(b)], { ...b.env(), ...GERMAN });
    expect(de.code, de.stderr).toBe(0);
    expect(de.stdout.split('\n')[0]).toBe(
      'contacts.csv [email]: fertig: 6 zustellbar, 3 unzustellbar, 1 unbekannt; 9 aus früheren Prüfungen wiederverwendet, kostenlos; berechnet: 0,00\u00a0$',
    );
    expect(de.stdout).toContain(`13 von 13 Zeilen gespeichert in ${saved}`);

    const json = async (env: Record<string, string>) => {
      const { code, stdout } = await cli(['clean', await mixedList(b), '--json'], {
        ...b.env(),
        ...env,
      });
      expect(code).toBe(0);
      return sameId(stdout);
    };
    expect(await json(RUSSIAN)).toBe(await json({}));
    expect(await json(GERMAN)).toBe(await json({}));
  }, 60_000);

  it('jobs: each job in the language, none yet said so; --json as in English', async () => {
    const b = await setup();
    const jobs = async (env: Record<string, string>, json = false) =>
      (await cli(['jobs', ...(json ? ['--json'] : [])], { ...b.env(), ...env })).stdout;
    expect(await jobs(RUSSIAN)).toBe(
      'Заданий пока нет. Проверьте список командой: list-cleaner clean <file>\n',
    );
    expect(await jobs(GERMAN)).toBe(
      'Noch keine Aufträge. Prüfen Sie eine Liste mit: list-cleaner clean <file>\n',
    );
    await cli(['clean', await mixedList(b)], b.env());
    expect(sameId(await jobs(GERMAN))).toBe(
      '<job>  contacts.csv [email]: fertig: 6 zustellbar, 3 unzustellbar, 1 unbekannt; berechnet: 0,009\u00a0$\n',
    );
    expect(await jobs(RUSSIAN, true)).toBe(await jobs({}, true));
  });
});

describe('the plurals of the command line’s lines', () => {
  const env = process.env.LIST_CLEANER_LANGUAGE;
  afterEach(() => {
    process.env.LIST_CLEANER_LANGUAGE = env;
  });

  const findings = (typo: number): ListFindings => ({
    disposable: 0,
    role: 0,
    typo,
    noMail: 0,
    free: 0,
    domains: 1,
    domainsUnknown: 0,
    suggestions: [],
    dns: 'checked',
    findingsPath: '',
    suggestionsPath: '',
  });

  it('gives Russian its four forms: 1, 3, 5, 21', () => {
    process.env.LIST_CLEANER_LANGUAGE = 'ru';
    expect([1, 3, 5, 21].map((n) => describeFindings(findings(n)))).toEqual([
      'Бесплатные проверки: 1 возможная опечатка.',
      'Бесплатные проверки: 3 возможные опечатки.',
      'Бесплатные проверки: 5 возможных опечаток.',
      'Бесплатные проверки: 21 возможная опечатка.',
    ]);
    const { t } = translatorOf('ru');
    expect([1, 3, 5, 21].map((count) => t('cli.rules.inAll', { count }))).toEqual([
      'Всего 1 правило.',
      'Всего 3 правила.',
      'Всего 5 правил.',
      'Всего 21 правило.',
    ]);
    expect([1, 3, 5, 21, 1500].map((count) => t('cli.suppress.addresses', { count }))).toEqual([
      '1 адрес',
      '3 адреса',
      '5 адресов',
      '21 адрес',
      '1\u00a0500 адресов',
    ]);
  });

  it('keeps English as it was, and counts in German and French', () => {
    process.env.LIST_CLEANER_LANGUAGE = 'en';
    expect(describeFindings(findings(1))).toBe('Free checks: 1 possible typo.');
    expect(describeFindings(findings(1500))).toBe('Free checks: 1,500 possible typos.');
    process.env.LIST_CLEANER_LANGUAGE = 'de';
    expect(describeFindings(findings(1))).toBe('Kostenlose Prüfungen: 1 möglicher Tippfehler.');
    expect(describeFindings(findings(1500))).toBe(
      'Kostenlose Prüfungen: 1.500 mögliche Tippfehler.',
    );
    const fr = translatorOf('fr').t;
    expect(fr('cli.rules.removed', { count: 1, rules: 'block a.com' })).toBe(
      '1 règle supprimée\u00a0: block a.com',
    );
    expect(fr('cli.rules.removed', { count: 2, rules: 'block a.com, allow b.com' })).toBe(
      '2 règles supprimées\u00a0: block a.com, allow b.com',
    );
  });
});
