// Which language the system asks for: Electron's preferred languages for the
// app, the POSIX locale variables for the command line, English when none of
// ours is asked for.
import { describe, expect, it } from 'vitest';
import { languageOfEnv, matchLanguage } from '../../../electron/common/i18n/languages';
import { mainLanguage } from '../../../electron/shell/language';

describe('the system language', () => {
  it('is the first preferred language we speak, by its tag or its language alone', () => {
    expect(matchLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(matchLanguage(['ja-JP', 'fr-CA'])).toBe('fr');
    expect(matchLanguage(['pt-PT'])).toBe('pt-BR');
    expect(matchLanguage(['pt-BR'])).toBe('pt-BR');
    expect(matchLanguage(['ru'])).toBe('ru');
    expect(matchLanguage(['es-419'])).toBe('es');
    expect(matchLanguage(['zh-Hans-CN', 'ko'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });

  it('on the command line: LC_ALL, else LC_MESSAGES, else LANG; C and POSIX are English', () => {
    expect(languageOfEnv({ LANG: 'de_DE.UTF-8' })).toBe('de');
    expect(languageOfEnv({ LC_ALL: 'ru_RU.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('ru');
    expect(languageOfEnv({ LC_MESSAGES: 'pt_BR', LANG: 'de_DE.UTF-8' })).toBe('pt-BR');
    expect(languageOfEnv({ LC_ALL: '', LC_MESSAGES: 'fr_FR@euro' })).toBe('fr');
    expect(languageOfEnv({ LC_ALL: 'C', LANG: 'de_DE.UTF-8' })).toBe('en');
    expect(languageOfEnv({ LANG: 'POSIX' })).toBe('en');
    expect(languageOfEnv({ LANG: 'C.UTF-8' })).toBe('en');
    expect(languageOfEnv({})).toBe('en');
  });

  it('main follows the system unless a run names a language or the pseudo-language', () => {
    expect(mainLanguage({}, ['fr-FR'])).toBe('fr');
    expect(mainLanguage({ LIST_CLEANER_LANGUAGE: 'de' }, ['fr-FR'])).toBe('de');
    expect(mainLanguage({ LIST_CLEANER_LANGUAGE: 'pseudo' }, ['fr-FR'])).toBe('pseudo');
    expect(mainLanguage({ LIST_CLEANER_LANGUAGE: 'klingon' }, ['fr-FR'])).toBe('fr');
  });
});
