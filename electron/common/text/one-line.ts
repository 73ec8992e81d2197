// A name from elsewhere (a platform's list name, a file's name, a host) put
// into a sentence main shows: a dialog, a notification. Such a name could
// carry line breaks or bidi controls that make the sentence around it say
// something else ("Trojan Source" names), so it is shown on one line, its
// control and format characters removed, and cut with an ellipsis when long.
// A terminal is told more by them: an escape sequence in a list name can move
// the cursor, retitle the window or clear the screen. The command line prints
// such text with its controls made visible instead (visibleLine), so what the
// name holds is seen and none of it is acted on.

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

/**
 * What a terminal would act on: every control character (C0, DEL, C1: the
 * escape sequences' ESC and CSI among them), line and paragraph separators,
 * and the bidi controls that reorder what is shown around them.
 */
const ACTED_ON = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** The same, but the line feeds that end the command line's own lines. */
const ACTED_ON_BUT_LF = /(?!\n)[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * A C0 control as its picture (ESC → ␛, LF → ␊), any other (DEL, C1, a
 * separator, a bidi control) as the six characters \uXXXX: inside a JSON
 * string, where JSON.stringify leaves them as they are, the same character escaped.
 */
const shown = (c: string): string => {
  const code = c.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  return `\\u${code.toString(16).padStart(4, '0')}`;
};

/** `text` with every character a terminal acts on made visible: one line, as it holds it. */
export const visibleLine = (text: string): string => text.replace(ACTED_ON, shown);

/** Lines the command line prints: their controls made visible, their own line feeds kept. */
export const visibleLines = (text: string): string => text.replace(ACTED_ON_BUT_LF, shown);
