// Every word the user reads, from a catalog of ICU messages (locales/*.json:
// plurals by each language's rules, Russian's four forms included; selects;
// placeholders), formatted by FormatJS's intl-messageformat. One translator
// for main, the command line and the window; English is the source and what
// a message missing from another catalog falls back to (CI fails a build
// with one missing: scripts/check-messages.mjs).
import { IntlMessageFormat } from 'intl-messageformat';
import type english from '../../../locales/en.json';
import type { Language } from './languages';

/**
 * The locale a message is parsed for, as the library finds it when ICU lacks
 * the one asked for (the `Intl.Locale` of it), without asking ICU first. The
 * library's own asks Intl.NumberFormat.supportedLocalesOf, whose first call
 * has V8 list every locale ICU holds: 15–20 ms of `list-cleaner --help`,
 * which formats no number. A translator is only ever made for one of our
 * languages (a `Language`), each of which ICU has as it is spelled, so the
 * answer is the same.
 */
IntlMessageFormat.resolveLocale = (locales) =>
  new Intl.Locale(typeof locales === 'string' ? locales : (locales[0] ?? 'en'));

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
 * A message with nothing in it that ICU reads (no placeholder, tag or
 * quote): its text is what formatting it gives, so it is not parsed. More
 * than half the catalog's messages are such, and 46 of the 55 that
 * `list-cleaner --help` says.
 */
const PLAIN = /^[^{}'<]*$/;

/**
 * A translator of `messages` (formatted by `language`'s rules), falling back
 * to `fallback` (English) for an id it lacks or cannot format; each message
 * is parsed once, and a plain one never.
 */
export function createTranslator(
  language: Language,
  messages: Messages,
  fallback: Readonly<Record<MessageId, string>>,
): Translator {
  const own = new Map<MessageId, IntlMessageFormat>();
  const english = new Map<MessageId, IntlMessageFormat>();
  const cached = (
    cache: Map<MessageId, IntlMessageFormat>,
    id: MessageId,
    make: () => IntlMessageFormat,
  ) => {
    let format = cache.get(id);
    if (!format) {
      format = make();
      cache.set(id, format);
    }
    return format;
  };
  /** The message formatted; a translation that does not (a placeholder it names wrongly) says the English. */
  const format = <T>(id: MessageId, values?: RichValues<T>) => {
    const text = messages[id] ?? fallback[id];
    if (typeof text === 'string' && PLAIN.test(text)) return text;
    try {
      return cached(own, id, () => new IntlMessageFormat(text, language)).format<T>(values);
    } catch {
      return cached(english, id, () => new IntlMessageFormat(fallback[id], 'en')).format<T>(values);
    }
  };
  return {
    language,
    t: (id, values) => String(format(id, values)),
    rich: <T>(id: MessageId, values: RichValues<T>) => {
      const result = format<T>(id, values);
      return Array.isArray(result) ? result : [result];
    },
  };
}
