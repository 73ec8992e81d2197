// The window's words in its language, which main decides (the settings
// view's `language`, shell/language.ts). English is in the first load, as the
// fallback every catalog needs; each other catalog is a chunk of its own,
// loaded when asked for, so the window's first JavaScript does not grow with
// the languages; the pseudo-language is made from English, in a chunk too.
/// <reference types="vite/client" />
import { Children, useEffect, type ReactNode } from 'react';
import { create } from 'zustand';
import english from '../../../locales/en.json';
import { rulesOf, type AskedLanguage } from '../../../electron/common/i18n/languages';
import {
  createTranslator,
  type MessageId,
  type Messages,
  type RichValues,
  type Translator,
} from '../../../electron/common/i18n/translate';

const catalogs = import.meta.glob<Messages>(
  ['../../../locales/*.json', '!../../../locales/en.json', '!../../../locales/notes.json'],
  { import: 'default' },
);

async function messagesOf(language: AskedLanguage): Promise<Messages> {
  if (language === 'en') return english;
  if (language === 'pseudo') {
    const { pseudoMessages } = await import('../../../electron/common/i18n/pseudo');
    return pseudoMessages(english);
  }
  const load = catalogs[`../../../locales/${language}.json`];
  return load ? load() : english;
}

interface WordsState {
  /** The language last asked for; the translator follows once its catalog is in. */
  asked: AskedLanguage;
  translator: Translator;
  speak(language: AskedLanguage): Promise<void>;
}

export const useWords = create<WordsState>((set, get) => ({
  asked: 'en',
  translator: createTranslator('en', english, english),
  async speak(language) {
    if (get().asked === language) return;
    set({ asked: language });
    const messages = await messagesOf(language).catch(() => english);
    // A language asked for since wins.
    if (get().asked !== language) return;
    set({ translator: createTranslator(rulesOf(language), messages, english) });
    document.documentElement.lang = rulesOf(language);
  },
}));

/** The translating function of the window's language (re-renders when it changes). */
export const useT = (): Translator['t'] => useWords((s) => s.translator.t);

/** A message with tags (`<strong>Settings</strong>`) as the window's elements, keyed. */
export function useRich(): (id: MessageId, values: RichValues<ReactNode>) => ReactNode[] {
  const translator = useWords((s) => s.translator);
  return (id, values) => Children.toArray(translator.rich<ReactNode>(id, values));
}

/** Makes the window speak `language`. */
export function useLanguage(language: AskedLanguage): void {
  useEffect(() => {
    void useWords.getState().speak(language);
  }, [language]);
}
