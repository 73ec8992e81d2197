// The lists benchmark's input: a marketing export the way CRMs write them:
// 7 columns, quoted fields, some multi-line notes, about 1% repeated and 1%
// invalid addresses. Deterministic, so every run parses the same bytes.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { AddressOutcome } from '../../electron/lists/types';

const FIRST = [
  'Anne',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Emma',
  'François',
  'Grace',
  'Hiro',
  'Inès',
  'José',
];
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Smith',
  'García',
  'Müller',
  'Rossi',
  'Kowalski',
  'Tanaka',
  'Olsen',
];
const COMPANY = [
  'Acme Inc',
  'Globex, Ltd',
  'Initech',
  'Umbrella Corp',
  'Stark & Sons',
  'Wayne "WE" Enterprises',
];
const DOMAIN = ['gmail.com', 'yahoo.com', 'outlook.com', 'example.org', 'company.co.uk', 'mail.ru'];

/** A small fast PRNG (mulberry32): the same sequence on every machine (xlsx-data.ts's too). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The address of row `i` when it is not a repeat or invalid (also the remember step's addresses). */
export const addressOf = (i: number): string =>
  i % 2 === 0
    ? `user${i}@example.com`
    : `${FIRST[i % 10]}.${LAST[(i >> 3) % 10]}${i}@${DOMAIN[i % 6]}`.toLowerCase();

/** Outcomes as a job would hold them: the children give each unique address one of these. */
export const OUTCOMES: readonly AddressOutcome[] = [
  { status: 'deliverable', provider: 'provider_code_1' },
  { status: 'undeliverable', provider: '' },
  { status: 'unknown' },
];

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export interface GeneratedList {
  rows: number;
  bytes: number;
}

export async function generateMarketingCsv(path: string, rows: number): Promise<GeneratedList> {
  const next = random(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const out = createWriteStream(path);
  let bytes = 0;
  let chunk = 'id,email,first_name,last_name,company,signup_date,notes\n';
  for (let i = 0; i < rows; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const roll = next();
    let email: string;
    if (roll < 0.01 && i > 0) {
      // A repeat of an earlier row, written differently as people do (case, spaces).
      email = ` ${addressOf(Math.floor(next() * i)).toUpperCase()}`;
    } else if (roll < 0.02) {
      email = `${first.toLowerCase()}.${last.toLowerCase()} at ${pick(DOMAIN)}`;
    } else {
      email = addressOf(i);
    }
    const notes =
      next() < 0.05
        ? `Met at the fair, ${pick(COMPANY)}.\nFollow up in "Q3", maybe.`
        : next() < 0.3
          ? `Prefers email, not calls`
          : '';
    const date = `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    chunk += `${i + 1},${quote(email)},${quote(first)},${quote(last)},${quote(pick(COMPANY))},${date},${quote(notes)}\n`;
    if (chunk.length > 1 << 20) {
      bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  bytes += Buffer.byteLength(chunk);
  out.end(chunk);
  await once(out, 'finish');
  return { rows, bytes };
}
