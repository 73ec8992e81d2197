// Every catalog at once, for main and the command line (the window loads one
// at a time: renderer/src/i18n). The pseudo-language is made from English
// when asked for (pseudo.ts).
import de from '../../../locales/de.json' with { type: 'json' };
import en from '../../../locales/en.json' with { type: 'json' };
import es from '../../../locales/es.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };
import ptBR from '../../../locales/pt-BR.json' with { type: 'json' };
import ru from '../../../locales/ru.json' with { type: 'json' };
import { rulesOf, type AskedLanguage, type Language } from './languages';
import { pseudoMessages } from './pseudo';
import { createTranslator, type Messages, type Translator } from './translate';

const CATALOGS: Record<Language, Messages> = { en, de, fr, es, 'pt-BR': ptBR, ru };

/** The translator of `language`. */
export function translatorOf(language: AskedLanguage): Translator {
  const messages = language === 'pseudo' ? pseudoMessages(en) : CATALOGS[language];
  return createTranslator(rulesOf(language), messages, en);
}

/** The translator of whatever language `language` says now, made again only when it changes. */
export function translatorFollowing(language: () => AskedLanguage): () => Translator {
  let made: { language: AskedLanguage; words: Translator } | null = null;
  return () => {
    const now = language();
    if (made?.language !== now) made = { language: now, words: translatorOf(now) };
    return made.words;
  };
}
