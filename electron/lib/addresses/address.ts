// One cell to one address: trimmed, unwrapped from the forms mail programs and
// CRMs write ("Name" <addr>, <addr>, mailto:addr), lowercased, and judged by
// validator's isEmail (internationalized domains accepted).
// The .js suffix is needed: validator is CommonJS without an exports map, so Node's
// ESM loader (used by Playwright for the e2e bridge) cannot resolve the bare subpath.
import isEmail from 'validator/lib/isEmail.js';

/** The address inside a cell, normalized; '' when the cell holds nothing. */
export function normalizeCell(raw: string): string {
  // Most cells are a bare address: skip the unwrapping work for them. Only
  // printable ASCII ends qualify: a no-break space (pasted from a web page into
  // Excel) or a BOM at either end is whitespace that trim() must remove.
  const first = raw.charCodeAt(0);
  const last = raw.charCodeAt(raw.length - 1);
  const printable = first > 0x20 && first < 0x7f && last > 0x20 && last < 0x7f;
  if (printable && first !== 0x22 && first !== 0x27 && last !== 0x3e) {
    if ((first !== 0x6d && first !== 0x4d) || !/^mailto:/i.test(raw)) return raw.toLowerCase();
  }
  let s = raw.trim();
  if (s === '') return '';
  // "Jane Doe" <jane@example.com>, Jane <jane@example.com>, <jane@example.com>
  const lt = s.lastIndexOf('<');
  if (lt !== -1 && s.endsWith('>')) s = s.slice(lt + 1, -1).trim();
  if (s.length > 7 && s.slice(0, 7).toLowerCase() === 'mailto:') {
    s = s.slice(7);
    const query = s.indexOf('?');
    if (query !== -1) s = s.slice(0, query);
    s = s.trim();
  }
  // A value quoted inside its cell: "jane@example.com" or 'jane@example.com'.
  if (s.length >= 2 && (s[0] === '"' || s[0] === "'") && s[s.length - 1] === s[0])
    s = s.slice(1, -1).trim();
  return s.toLowerCase();
}

// A strict subset of what isEmail accepts, for speed on million-row files:
// local parts of letters (any script isEmail takes), digits, _ % + - and
// single inner dots, at most 64 bytes; ASCII host names (labels of letters,
// digits and inner hyphens, at most 63 each, a letter TLD of 2 to 63).
// One pass over the UTF-8 bytes of a normalized address (the classify worker
// holds them so), with no regular expression: it runs for every address of the
// file. Anything else goes to isEmail itself, which stays the judge.
export function isPlainAddress(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  // Local part. Letters beyond ASCII are what isEmail's allow_utf8_local_part
  // takes (U+00A1–U+D7FF, U+F900–U+FDCF, U+FDF0–U+FFEF); its 64 is in bytes.
  let run = 0;
  for (; i < end; i++) {
    const c = bytes[i] as number;
    if (c === 0x40) break; // @
    if (c === 0x2e) {
      if (run === 0) return false; // leading or doubled dot
      run = 0;
      continue;
    }
    run += 1;
    if (
      (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x30 && c <= 0x39) ||
      c === 0x5f ||
      c === 0x25 ||
      c === 0x2b ||
      c === 0x2d
    ) {
      continue;
    }
    const c1 = (bytes[i + 1] ?? 0) ^ 0x80;
    if (c >= 0xc2 && c <= 0xdf && i + 1 < end && c1 < 0x40) {
      if ((((c & 0x1f) << 6) | c1) < 0xa1) return false;
      i += 1;
      continue;
    }
    const c2 = (bytes[i + 2] ?? 0) ^ 0x80;
    if (c >= 0xe0 && c <= 0xef && i + 2 < end && c1 < 0x40 && c2 < 0x40) {
      const point = ((c & 0x0f) << 12) | (c1 << 6) | c2;
      if (!(
        (point >= 0x800 && point <= 0xd7ff) ||
        (point >= 0xf900 && point <= 0xfdcf) ||
        (point >= 0xfdf0 && point <= 0xffef)
      )) {
        return false;
      }
      i += 2;
      continue;
    }
    return false;
  }
  if (i === end || i === start || i - start > 64 || run === 0) return false;
  // Domain: labels separated by dots; the last one is the TLD.
  let labels = 0;
  let length = 0;
  let letters = true;
  let last = 0;
  for (i += 1; i <= end; i++) {
    const c = i < end ? (bytes[i] as number) : 0x2e;
    if (c === 0x2e) {
      if (length === 0 || length > 63 || last === 0x2d) return false;
      labels += 1;
      if (i === end) break;
      length = 0;
      letters = true;
      continue;
    }
    const letter = c >= 0x61 && c <= 0x7a;
    const digit = c >= 0x30 && c <= 0x39;
    if (!letter && !digit && c !== 0x2d) return false;
    if (c === 0x2d && length === 0) return false; // label starting with a hyphen
    if (!letter) letters = false;
    length += 1;
    last = c;
  }
  return labels >= 2 && letters && length >= 2;
}

export function isValidAddress(normalized: string): boolean {
  if (normalized.length > 254) return false;
  const bytes = Buffer.from(normalized);
  return isPlainAddress(bytes, 0, bytes.length) || isEmail(normalized);
}

/** isValidAddress for a normalized address held as UTF-8 bytes. */
export function isValidAddressBytes(bytes: Buffer, start: number, end: number): boolean {
  // 254 bytes are at most 254 characters; longer ones are counted as text.
  if (end - start <= 254 && isPlainAddress(bytes, start, end)) return true;
  return isValidAddress(bytes.toString('utf8', start, end));
}

/** Cheap "looks like an address" test for judging which column holds them. */
export function looksLikeAddress(cell: string): boolean {
  const at = cell.indexOf('@');
  return at > 0 && cell.indexOf('.', at) > at + 1 && !/\s/.test(cell.trim());
}
