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
// plain ASCII local parts and host names with a letter TLD. Anything else
// goes to isEmail itself, which stays the judge.
const plain =
  /^[a-z0-9_%+-]+(?:\.[a-z0-9_%+-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function isValidAddress(normalized: string): boolean {
  if (normalized.length > 254) return false;
  if (plain.test(normalized)) return normalized.indexOf('@') <= 64;
  return isEmail(normalized);
}

/** Cheap "looks like an address" test for judging which column holds them. */
export function looksLikeAddress(cell: string): boolean {
  const at = cell.indexOf('@');
  return at > 0 && cell.indexOf('.', at) > at + 1 && !/\s/.test(cell.trim());
}
