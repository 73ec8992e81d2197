import { describe, expect, it } from 'vitest';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import { message, say } from '../../../electron/common/i18n/message';
import { cliLanguage } from '../../../electron/cli/output/words';
import { AppError, sayError } from '../../../electron/lib/app-error';
import { toIpcError } from '../../../electron/ipc/registry';

describe('a message said later', () => {
  const nested = message('notify.doneTitle', { fileName: 'list.csv' });

  it('is an error whose message is the English and which is said in the reader’s language', () => {
    const err = new AppError('bad_file', nested);
    expect(err.message).toBe(say(translatorOf('en').t, nested));
    const german = sayError(err, translatorOf('de').t);
    expect(german).not.toBe(err.message);
    expect(german).toContain('list.csv');
    expect(toIpcError(err, translatorOf('de').t).message).toBe(german);
    expect(toIpcError(err).message).toBe(err.message);
  });

  it('says an error made from a sentence as it is, in every language', () => {
    const err = new AppError('bad_file', 'The file is gone.');
    expect(sayError(err, translatorOf('ru').t)).toBe('The file is gone.');
  });

  it('says the messages among its values first', () => {
    const outer = message('notify.stoppedTitle', { fileName: nested });
    expect(say(translatorOf('en').t, outer)).toBe('list.csv is cleaned stopped');
  });
});

describe('the command line’s language', () => {
  it('is the one a run names, then the locale’s', () => {
    expect(cliLanguage({ LIST_CLEANER_LANGUAGE: 'ru', LANG: 'de_DE.UTF-8' })).toBe('ru');
    expect(cliLanguage({ LANG: 'de_DE.UTF-8' })).toBe('de');
    expect(cliLanguage({ LC_ALL: 'C', LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(cliLanguage({ LIST_CLEANER_LANGUAGE: 'xx', LC_MESSAGES: 'pt_BR.UTF-8' })).toBe('pt-BR');
  });
});
