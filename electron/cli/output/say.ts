// The command line's human lines in its reader's language (words.ts): a
// message by its id, and the numbers, money and clock times between the words
// written as that language writes them. English stays as the command has
// always printed it (en-US), so scripts and tests that read the English read
// the same bytes; what a script reads (--json) never comes through here.
import { money, moneyExact } from '../../common/money';
import type { MessageId, MessageValues } from '../../common/i18n/translate';
import { cliWords } from './words';

/** The message `id` in the command line's language, its placeholders filled. */
export const t = (id: MessageId, values?: MessageValues): string => cliWords().t(id, values);

/** The locale numbers are written in: en-US for English (as always), else the language's own. */
export const cliLocale = (): string => {
  const { language } = cliWords();
  return language === 'en' ? 'en-US' : language;
};

/** A count with its digits grouped: 1,500 in English, 1.500 in German, 1 500 in Russian. */
export const num = (x: number): string => x.toLocaleString(cliLocale());

/** A count English has always printed ungrouped (1500): so still, and the language's own way elsewhere. */
export const bare = (x: number): string => (cliWords().language === 'en' ? String(x) : num(x));

/** Megabytes with one decimal: "12.5 MB" in English, "12,5 MB" in German. */
export const megabytes = (bytes: number): string => {
  const mb = bytes / 1_048_576;
  const figure =
    cliWords().language === 'en'
      ? mb.toFixed(1)
      : mb.toLocaleString(cliLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${figure} MB`;
};

/** Money as the app shows it, exactly ("$0.12", "$0.004"), in the reader's way of writing it; `decimals` is its group's. */
export const cash = (micros: number, decimals?: number): string =>
  money(micros, { locale: cliLocale(), decimals });

/** The exact amount ("$0.004"): a price, a limit typed. */
export const cashExact = (micros: number): string => moneyExact(micros, cliLocale());

/** A clock time, 21:14:05 (this machine's time zone); English as it always was (en-GB's 24 hours). */
export const clockTime = (at: string | number): string =>
  new Date(at).toLocaleTimeString(cliWords().language === 'en' ? 'en-GB' : cliLocale(), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** Values one of which is taken, as typed, joined the language's way: "skip or email", "skip oder email". */
export const eitherOf = (values: readonly string[]): string =>
  new Intl.ListFormat(cliLocale(), { type: 'disjunction' }).format(values);
