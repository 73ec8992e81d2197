// The language chosen in Settings: kept with the settings, said in the
// settings view, what the window's errors are said in, and what main's own
// words follow (the menus are drawn again when it changes).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core';
import { createMemoryKeyStore } from '../../../electron/secrets/key-store';
import { mainLanguage } from '../../../electron/shell/language';
import type { AskedLanguage, LanguageChoice } from '../../../electron/common/i18n/languages';

let core: Core | null = null;
let dir = '';
afterEach(async () => {
  await core?.dispose();
  core = null;
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function open(language?: (choice: LanguageChoice) => AskedLanguage) {
  dir = await mkdtemp(join(tmpdir(), 'lc-language-'));
  const changed: string[] = [];
  core = await createCore({
    dataDir: dir,
    keyStore: createMemoryKeyStore(null),
    shell: {
      ...(language ? { language } : {}),
      languageChanged: () => changed.push('menu'),
    },
  });
  return { core, changed };
}

describe('the language chosen in Settings', () => {
  it('is the system’s until chosen, then the one chosen, kept across a restart', async () => {
    const system = (choice: LanguageChoice): AskedLanguage => (choice === 'system' ? 'fr' : choice);
    const { core: first, changed } = await open(system);
    const before = await first.registry.invoke('settings:get', undefined);
    expect(before).toMatchObject({ ok: true, value: { language: 'fr', languageChoice: 'system' } });

    const chosen = await first.registry.invoke('settings:update', { language: 'ru' });
    expect(chosen).toMatchObject({ ok: true, value: { language: 'ru', languageChoice: 'ru' } });
    expect(changed).toEqual(['menu']);
    // The same choice again draws nothing.
    await first.registry.invoke('settings:update', { language: 'ru' });
    expect(changed).toEqual(['menu']);

    await first.dispose();
    core = null;
    core = await createCore({
      dataDir: dir,
      keyStore: createMemoryKeyStore(null),
      shell: { language: system },
    });
    const after = await core.registry.invoke('settings:get', undefined);
    expect(after).toMatchObject({ ok: true, value: { language: 'ru', languageChoice: 'ru' } });
  });

  it('takes only a language we speak', async () => {
    const { core: opened } = await open();
    const refused = await opened.registry.invoke('settings:update', { language: 'pseudo' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('is the window’s language for a shell that knows no system language', async () => {
    const { core: opened } = await open();
    expect(await opened.registry.invoke('settings:get', undefined)).toMatchObject({
      value: { language: 'en' },
    });
    await opened.registry.invoke('settings:update', { language: 'de' });
    expect(await opened.registry.invoke('settings:get', undefined)).toMatchObject({
      value: { language: 'de' },
    });
  });
});

describe('main’s language', () => {
  it('is the one a run names, then the one chosen, then the system’s', () => {
    expect(mainLanguage({}, ['fr-FR'], 'system')).toBe('fr');
    expect(mainLanguage({}, ['fr-FR'], 'ru')).toBe('ru');
    expect(mainLanguage({ LIST_CLEANER_LANGUAGE: 'pseudo' }, ['fr-FR'], 'ru')).toBe('pseudo');
    expect(mainLanguage({ LIST_CLEANER_LANGUAGE: 'klingon' }, ['fr-FR'], 'es')).toBe('es');
  });
});
