// The words left in English after the screens and the command line moved
// theirs into the catalogs: the address rules' problems, the suppression
// exports' names, HubSpot's "All contacts", the write-back plan's "how" in the
// command line, a missing column named from 1, and the bounces command's
// usage. Each is said in German and Russian here; its English is as before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { billingUrlMessage, billingUrlProblem } from '../../../electron/common/urls/billing-url';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import { english, message, say } from '../../../electron/common/i18n/message';
import {
  HUBSPOT_ALL_CONTACTS_NAME,
  platformListName,
} from '../../../electron/common/words/platform-list-name';
import type { WriteBackPlan } from '../../../electron/common/views/platform-views';
import {
  resultLinkProblem,
  serviceUrlMessage,
  serviceUrlProblem,
} from '../../../electron/common/urls/service-url';
import { suppressionFormatName } from '../../../electron/common/words/suppression-format-words';
import { UsageError, sayUsage, type Values } from '../../../electron/cli/args/args';
import { run as bounces } from '../../../electron/cli/commands/bounces';
import { columnFromOne } from '../../../electron/cli/commands/clean/clean';
import { planLines } from '../../../electron/cli/commands/clean/clean-platform';
import { AppError, sayError } from '../../../electron/lib/app-error';
import { FORMATS } from '../../../electron/suppression/platforms';
import { importLine } from '../../../renderer/src/features/account/suppression/suppression-words';
import {
  readBillingPage,
  readServiceAddress,
} from '../../../renderer/src/features/account/settings/setting-rules';
import { jobName } from '../../../renderer/src/features/jobs/job-words';
import * as format from '../../../renderer/src/format';

const en = english.t;
const de = translatorOf('de').t;
const ru = translatorOf('ru').t;

/** English words that would show a sentence left untranslated. */
const ENGLISH = /\b(the|is|not|must|starts?|with|address|page|members|contacts|needs|takes)\b/i;

describe('the address rules', () => {
  const cases: [string, string][] = [
    ['not a url', 'The service address is not a web address: enter one starting with https://.'],
    [
      'https://me:pw@api.example.com',
      'The service address must not carry a user name or password: List Cleaner sends only your API key.',
    ],
    [
      'http://api.example.com',
      'The service address starts with http://, which is not encrypted: anyone on the way could read your API key and spend your balance. Use its https:// address (plain http:// is allowed only for a service on this computer).',
    ],
    [
      'ftp://api.example.com',
      'The service address must start with https:// (it starts with ftp://).',
    ],
  ];

  it.each(cases)('says %s in English as before', (value, text) => {
    expect(serviceUrlProblem(value)).toBe(text);
    const said = serviceUrlMessage(value);
    expect(said && say(en, said)).toBe(text);
    expect(readServiceAddress(value, en)).toEqual({ ok: false, message: text });
  });

  it.each(cases)('says %s in German and Russian', (value) => {
    const said = serviceUrlMessage(value);
    if (said === null) throw new Error('no problem');
    for (const t of [de, ru]) {
      const text = say(t, said);
      expect(text).not.toMatch(ENGLISH);
      expect(readServiceAddress(value, t)).toEqual({ ok: false, message: text });
    }
    expect(say(de, said)).toMatch(/^Die Dienstadresse /);
    expect(say(ru, said)).toMatch(/^Адрес сервиса/);
  });

  it('names what it checks: an environment variable as it is, a platform by its name', () => {
    const env = serviceUrlMessage('http://x.example', 'LIST_CLEANER_BASE_URL');
    if (env === null) throw new Error('no problem');
    expect(say(en, env)).toMatch(/^LIST_CLEANER_BASE_URL starts with http:\/\//);
    expect(say(de, env)).toMatch(/^LIST_CLEANER_BASE_URL beginnt mit http:\/\//);
    expect(say(ru, env)).toMatch(/^LIST_CLEANER_BASE_URL начинается с http:\/\//);
    const platform = serviceUrlMessage(
      'ftp://api.example',
      message('address.subject.platform', { platform: 'Mailchimp' }),
    );
    if (platform === null) throw new Error('no problem');
    expect(say(en, platform)).toBe(
      'The Mailchimp address must start with https:// (it starts with ftp://).',
    );
    expect(say(de, platform)).toBe(
      'Die Mailchimp-Adresse muss mit https:// beginnen (angegeben ist ftp://).',
    );
    expect(say(ru, platform)).toBe(
      'Адрес Mailchimp: нужен адрес, начинающийся с https://, а не с ftp://.',
    );
    expect(resultLinkProblem('https://api.example', 'ftp://x.example/r')).toBe(
      'The result link must start with https:// (it starts with ftp://).',
    );
    expect(serviceUrlMessage('https://api.example.com')).toBeNull();
    expect(serviceUrlMessage('http://127.0.0.1:8080')).toBeNull();
  });

  const billing: [string, string][] = [
    ['https://' + 'a'.repeat(2100), 'That address is too long.'],
    ['billing', 'The billing page is not a web address: enter one starting with https://.'],
    ['http://pay.example', 'The billing page must start with https:// (it starts with http://).'],
    ['https://u:p@pay.example', 'The billing page must not carry a user name or password.'],
  ];

  it.each(billing)(
    'says the billing page %#: English as before, German and Russian',
    (value, text) => {
      expect(billingUrlProblem(value)).toBe(text);
      expect(readBillingPage(value, en)).toEqual({ ok: false, message: text });
      const said = billingUrlMessage(value);
      if (said === null) throw new Error('no problem');
      for (const t of [de, ru]) {
        const read = readBillingPage(value, t);
        expect(read).toEqual({ ok: false, message: say(t, said) });
        expect(say(t, said)).not.toMatch(ENGLISH);
      }
      expect(readBillingPage('https://pay.example/billing', de)).toEqual({
        ok: true,
        value: 'https://pay.example/billing',
      });
    },
  );
});

describe("the suppression exports' names", () => {
  const labels = [...FORMATS.map((f) => f.label), 'A list of addresses'];

  it.each(labels)('%s: English as it is, German and Russian with the platform kept', (label) => {
    expect(suppressionFormatName(en, label)).toBe(label);
    for (const t of [de, ru]) {
      const said = suppressionFormatName(t, label);
      expect(said).not.toBe(label);
      expect(said).not.toMatch(
        /\b(members|bounces|unsubscribes|complaints|list|reports|blocks|emails)\b/,
      );
      const platform = /^(Mailchimp|Postmark|Amazon SES|Mailgun|SendGrid)/.exec(label)?.[1];
      if (platform) expect(said.replace('Amazon-SES', 'Amazon SES')).toContain(platform);
    }
  });

  it('says a label it does not know as it is', () => {
    expect(suppressionFormatName(de, 'Some newer export')).toBe('Some newer export');
  });

  it('names the export in the suppression list import line', () => {
    const view = {
      fileName: 'cleaned.csv',
      label: 'Mailchimp cleaned members',
      rows: 3,
      added: 3,
      replaced: 0,
      skipped: 0,
      summary: { count: 3, team: false, sources: [] },
    };
    expect(importLine(view, en)).toBe(
      'Mailchimp cleaned members (cleaned.csv): 3 added, 0 replaced.',
    );
    expect(importLine(view, de)).toBe(
      'Bereinigte Mailchimp-Kontakte (cleaned.csv): 3 hinzugefügt, 0 ersetzt.',
    );
    expect(importLine(view, ru)).toBe(
      'Очищенные контакты Mailchimp (cleaned.csv): добавлено 3, заменено 0.',
    );
  });
});

describe('HubSpot’s "All contacts"', () => {
  it('is the name the connector gives, said in the reader’s language', () => {
    expect(HUBSPOT_ALL_CONTACTS_NAME).toBe('All contacts');
    expect(platformListName(en, 'hubspot', 'All contacts')).toBe('All contacts');
    expect(platformListName(de, 'hubspot', 'All contacts')).toBe('Alle Kontakte');
    expect(platformListName(ru, 'hubspot', 'All contacts')).toBe('Все контакты');
  });

  it('leaves the users’ own lists, and other platforms’ lists, as they are named', () => {
    expect(platformListName(de, 'hubspot', 'Newsletter')).toBe('Newsletter');
    expect(platformListName(ru, 'mailchimp', 'All contacts')).toBe('All contacts');
  });

  it('names a job read from it', () => {
    const job = {
      fileName: 'x',
      source: { platform: 'hubspot' as const, listName: 'All contacts' },
    };
    expect(jobName(job, en)).toBe('All contacts · HubSpot');
    expect(jobName(job, de)).toBe('Alle Kontakte · HubSpot');
    expect(jobName(job, ru)).toBe('Все контакты · HubSpot');
  });
});

describe('the command line in German and Russian', () => {
  const saved = process.env.LIST_CLEANER_LANGUAGE;
  const speak = (language: string) => {
    process.env.LIST_CLEANER_LANGUAGE = language;
  };
  beforeEach(() => speak('en'));
  afterEach(() => {
    if (saved === undefined) delete process.env.LIST_CLEANER_LANGUAGE;
    else process.env.LIST_CLEANER_LANGUAGE = saved;
  });

  const plan: WriteBackPlan = {
    platform: 'mailchimp',
    listName: 'Newsletter',
    checkedAt: '2026-03-03',
    counts: { write: { deliverable: 5 }, unchanged: 0, skipped: 0, retirable: 0 },
    how: 'the tag "list-cleaner: <status>", its earlier List Cleaner tag made inactive',
    dated: false,
    retireModes: [],
  };

  it("says the write-back plan's how in the reader's language", () => {
    const english = planLines(plan)[0] ?? '';
    expect(english).toContain(plan.how);
    speak('de');
    const german = planLines(plan)[0] ?? '';
    expect(german).toContain(de('platform.how.mailchimp', { status: '<status>' }));
    expect(german).not.toContain('earlier List Cleaner tag');
    speak('ru');
    expect(
      planLines({ ...plan, platform: 'hubspot', listName: 'All contacts', dated: true })[0],
    ).toContain('Все контакты');
  });

  it('names a missing column as it was typed, from 1, in every language', () => {
    // The core's message names the column by its index from 0, as `wanted`.
    const core = new AppError(
      'bad_file',
      message('suppressionFormat.manual', { wanted: '2', name: 'list.csv' }),
    );
    const said = columnFromOne(core, 2);
    expect(said).toBeInstanceOf(AppError);
    expect((said as AppError).said?.values).toEqual({ wanted: '3', name: 'list.csv' });
    expect((said as AppError).said?.id).toBe('suppressionFormat.manual');
    expect(sayError(said as AppError, ru)).toBe(say(ru, message('suppressionFormat.manual')));
    // Another column, or another error, is left as it is.
    expect(columnFromOne(core, 5)).toBe(core);
    expect(columnFromOne(core, 'Email')).toBe(core);
    // An error still made of English words is put right in its English.
    const plain = new AppError('bad_file', 'list.csv has no column 2. Its columns are: a, b.');
    expect((columnFromOne(plain, 2) as AppError).message).toBe(
      'list.csv has no column 3. Its columns are: a, b.',
    );
  });

  it("says the bounces command's usage mistakes", async () => {
    const mistake = async () => {
      try {
        await bounces({} as Values, 'job-1', ['a.csv', 'b.csv']);
      } catch (e) {
        if (e instanceof UsageError) return sayUsage(e);
      }
      throw new Error('no usage mistake');
    };
    const missing = async () => {
      try {
        await bounces({} as Values, undefined, []);
      } catch (e) {
        if (e instanceof UsageError) return sayUsage(e);
      }
      throw new Error('no usage mistake');
    };
    expect(await mistake()).toBe('bounces takes one report at a time ("b.csv")');
    expect(await missing()).toBe(
      'bounces needs a job id and the bounce report: list-cleaner bounces <job-id> <file>',
    );
    speak('de');
    expect(await mistake()).toBe('bounces nimmt nur einen Bericht auf einmal („b.csv“)');
    expect(await missing()).toMatch(/^bounces braucht .*: list-cleaner bounces <job-id> <file>$/);
    speak('ru');
    expect(await mistake()).toBe('bounces принимает только один отчёт за раз («b.csv»)');
    expect(await missing()).toMatch(/^bounces нужны .*: list-cleaner bounces <job-id> <file>$/);
  });
});

describe("the window's plural()", () => {
  it('is gone: every count is a catalog message', () => {
    expect('plural' in format).toBe(false);
  });
});
