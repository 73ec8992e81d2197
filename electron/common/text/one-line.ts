// A name from elsewhere (a platform's list name, a file's name, a host) put
// into a sentence main shows: a dialog, a notification. Such a name could
// carry line breaks or bidi controls that make the sentence around it say
// something else ("Trojan Source" names), so it is shown on one line, its
// control and format characters removed, and cut with an ellipsis when long.

/** Whitespace and line or paragraph breaks, each run shown as one space. */
const SPACES = /[\p{White_Space}\u2028\u2029]+/gu;
/** Control (Cc) and format (Cf) characters, but the zero-width joiner inside emoji. */
const INVISIBLE = /(?!\u200d)[\p{Cc}\p{Cf}]/gu;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** `text` on one line, without control characters, at most `max` characters (graphemes) long. */
export function oneLine(text: string, max = 60): string {
  const flat = text.replace(SPACES, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
  if (flat.length <= max) return flat;
  const parts = [...graphemes.segment(flat)];
  if (parts.length <= max) return flat;
  return `${parts
    .slice(0, max - 1)
    .map((p) => p.segment)
    .join('')
    .trimEnd()}…`;
}
