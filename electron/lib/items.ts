// Items said one after another in a sentence ("a, b and c"), as messages, so
// the joining words follow the reader's language like the rest.
import { message, type Message } from '../common/i18n/message';

type Item = Message | string;

/** "a, b, c": each after the one before, with a comma between. */
export const commaList = (items: readonly Item[]): Item =>
  items.reduceRight<Item>(
    (rest, item) => (rest === '' ? item : message('error.items.join', { first: item, rest })),
    '',
  );

/** "a, b and c": the last item joined with "and". */
export function andList(items: readonly Item[]): Item {
  const last = items.at(-1);
  if (last === undefined || items.length === 1) return last ?? '';
  return message('error.items.and', { items: commaList(items.slice(0, -1)), last });
}
