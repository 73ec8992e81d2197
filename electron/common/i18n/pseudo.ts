// The pseudo-language: every message's words accented and 40% longer, its
// placeholders, plurals and selects kept, so a run of the app in it shows a
// word still written into the code (it is plain English) and a layout that
// clips or overflows a longer language (German runs some 30% longer than
// English). Asked for by name only (LIST_CLEANER_LANGUAGE=pseudo), by the
// tests and translators.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** How much longer each run of words is made. */
const LONGER = 0.4;

const accent = (text: string): string => text.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);

/** Words accented, each run of letters followed by a 40% tail of its own. */
const stretch = (text: string): string =>
  accent(text).replace(
    /[^\s.,:;!?…()"'’]+/g,
    (word) => word + '~'.repeat(Math.ceil(word.length * LONGER)),
  );

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: stretch(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    if (element.type === TYPE.tag)
      return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/** The pseudo-language's message of an English one: bracketed, so a clipped end shows. */
export const pseudoMessage = (message: string): string =>
  `⟦${printAST(pseudoElements(parse(message)))}⟧`;

/** The pseudo-language's catalog of the English one. */
export function pseudoMessages<Id extends string>(
  english: Readonly<Record<Id, string>>,
): Record<Id, string> {
  const out = {} as Record<Id, string>;
  for (const id of Object.keys(english) as Id[]) out[id] = pseudoMessage(english[id]);
  return out;
}
