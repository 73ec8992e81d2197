// Which column holds the addresses: by its header (email, e-mail, courriel,
// correo, …, in any case) and by its content (the share of cells that look like
// an address), with a confidence. And whether the first row is a header at all.
import { looksLikeAddress, normalizeCell } from '../../lib/addresses/address';
import type { ColumnCandidate } from '../types';

const squash = (s: string) => s.toLowerCase().replace(/[\s_.\-–:()]/g, '');

// Header names, squashed (lowercase, no spaces, dashes, dots or underscores).
const exactNames = new Set([
  'email',
  'mail',
  'emailaddress',
  'mailaddress',
  'emailadresse',
  'emailadres',
  'emailaddr',
  'courriel',
  'adressecourriel',
  'adresseemail',
  'adressemail',
  'correo',
  'correoelectronico',
  'correoelectrónico',
  'direcciondecorreo',
  'direccióndecorreo',
  'posta',
  'postaelettronica',
  'indirizzoemail',
  'epost',
  'eposta',
  'epostadress',
  'sähköposti',
  'sahkoposti',
  'poczta',
  'adresemail',
  'enderecodeemail',
  'endereçodeemail',
  'emailcontato',
  'メール',
  'メールアドレス',
  '电子邮件',
  '邮箱',
  'почта',
  'электроннаяпочта',
  'emailaddress1',
  'primaryemail',
  'workemail',
  'contactemail',
  'businessemail',
  'personalemail',
  'subscriberemail',
  'recipient',
  'to',
]);

export function headerNamesEmail(cell: string): boolean {
  const s = squash(cell);
  if (s === '') return false;
  return exactNames.has(s) || s.includes('email') || s.includes('courriel') || s.includes('correo');
}

export function columnName(header: string[] | null, index: number): string {
  const cell = header?.[index]?.trim();
  return cell ? cell : `Column ${index + 1}`;
}

/** A first row is a header when none of its cells is an address but later rows have some. */
export function detectHeader(rows: string[][]): boolean {
  const first = rows[0];
  if (!first) return false;
  if (first.some((c) => looksLikeAddress(normalizeCell(c)))) return false;
  if (first.some(headerNamesEmail)) return true;
  const rest = rows.slice(1);
  if (rest.length === 0) return first.every((c) => c.trim() !== '' && !/\d{3,}/.test(c));
  return rest.some((row) => row.some((c) => looksLikeAddress(normalizeCell(c))));
}

export function rankColumns(rows: string[][], hasHeader: boolean): ColumnCandidate[] {
  const header = hasHeader ? (rows[0] ?? []) : null;
  const data = hasHeader ? rows.slice(1) : rows;
  const width = Math.max(header?.length ?? 0, ...data.map((r) => r.length), 1);
  const ranked: ColumnCandidate[] = [];
  for (let index = 0; index < width; index++) {
    let filled = 0;
    let addresses = 0;
    for (const row of data) {
      const cell = normalizeCell(row[index] ?? '');
      if (cell === '') continue;
      filled += 1;
      if (looksLikeAddress(cell)) addresses += 1;
    }
    const addressShare = filled === 0 ? 0 : addresses / filled;
    const headerMatch = header !== null && headerNamesEmail(header[index] ?? '');
    // Content counts most: a column named "email" full of names is not it.
    let confidence = addressShare * 0.85;
    if (headerMatch) confidence = data.length === 0 ? 0.7 : 0.3 + addressShare * 0.7;
    if (headerMatch && addressShare >= 0.5) confidence = Math.max(confidence, 0.9);
    ranked.push({
      index,
      name: columnName(header, index),
      confidence: Math.round(confidence * 100) / 100,
      addressShare: Math.round(addressShare * 1000) / 1000,
      headerMatch,
    });
  }
  return ranked.sort((a, b) => b.confidence - a.confidence || a.index - b.index);
}

/** Below this, a column is not a plausible address column. */
export const MIN_CONFIDENCE = 0.25;
