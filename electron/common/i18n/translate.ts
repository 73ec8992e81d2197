// Every word the user reads, from a catalog of ICU messages (locales/*.json:
// plurals by each language's rules, Russian's four forms included; selects;
// placeholders), formatted by FormatJS's intl-messageformat. One translator
// for main, the command line and the window; English is the source and what
// a message missing from another catalog falls back to (CI fails a build
// with one missing: scripts/check-messages.mjs).
import { IntlMessageFormat } from 'intl-messageformat';
import type english from '../../../locales/en.json';
import type { Language } from './languages';

/** A message's stable id: a key of the English catalog. */
export type MessageId = keyof typeof english;

/** A catalog: each id's ICU message in one language. */
export type Messages = Readonly<Partial<Record<MessageId, string>>>;

/** What a message's placeholders take. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A message's placeholders, its tags (`<strong>…</strong>`) given as what each makes of its words. */
export type RichValues<T> = Readonly<
  Record<string, string | number | ((chunks: Array<string | T>) => T)>
>;

export interface Translator {
  readonly language: Language;
  /** The message `id` in this language, its placeholders filled. */
  t(id: MessageId, values?: MessageValues): string;
  /** The message `id` as parts: its text, and what its tags made (a window's elements). */
  rich<T>(id: MessageId, values: RichValues<T>): Array<string | T>;
}

/**
 * A translator of `messages` (formatted by `language`'s rules), falling back
 * to `fallback` (English) for an id it lacks or cannot format; each message
 * is parsed once.
 */
export function createTranslator(
  language: Language,
  messages: Messages,
  fallback: Readonly<Record<MessageId, string>>,
): Translator {
  const made = new Map<MessageId, IntlMessageFormat>();
  const formatOf = (id: MessageId, own: boolean): IntlMessageFormat => {
    const key = own ? id : (`${id}\u0000en` as MessageId);
    let format = made.get(key);
    if (!format) {
      format = own
        ? new IntlMessageFormat(messages[id] ?? fallback[id], language)
        : new IntlMessageFormat(fallback[id], 'en');
      made.set(key, format);
    }
    return format;
  };
  const parts = <T>(result: string | T | Array<string | T>): Array<string | T> =>
    Array.isArray(result) ? result : [result];
  return {
    language,
    t(id, values) {
      try {
        return String(formatOf(id, true).format(values));
      } catch {
        // A translation that does not format (a placeholder it names wrongly) says the English.
        return String(formatOf(id, false).format(values));
      }
    },
    rich<T>(id: MessageId, values: RichValues<T>) {
      try {
        return parts(formatOf(id, true).format<T>(values));
      } catch {
        return parts(formatOf(id, false).format<T>(values));
      }
    },
  };
}
