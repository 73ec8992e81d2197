// The dialect of a delimited text file, judged from a sample: the line ending
// and the delimiter (comma, semicolon, tab or pipe). A file with none of them
// is one value per line.
import Papa from 'papaparse';
import type { Dialect } from './parse-config';
import type { Delimiter } from '../types';

const candidates: Delimiter[] = [',', ';', '\t', '|'];

export function detectNewline(sample: string): Dialect['newline'] {
  // The first line break outside quotes decides; quoted fields may hold others.
  let quoted = false;
  for (let i = 0; i < sample.length; i++) {
    const c = sample[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\r') return sample[i + 1] === '\n' ? '\r\n' : '\r';
    else if (!quoted && c === '\n') return '\n';
  }
  return '\n';
}

/** Rows of the sample, cut back to its last complete line. */
export function sampleRows(
  sample: string,
  dialect: Dialect,
  complete: boolean,
  limit = 200,
): string[][] {
  let text = sample;
  if (!complete) {
    const cut = text.lastIndexOf(dialect.newline);
    if (cut > 0) text = text.slice(0, cut);
  }
  const parsed = Papa.parse<string[]>(text, {
    delimiter: dialect.delimiter,
    newline: dialect.newline,
    quoteChar: '"',
    skipEmptyLines: true,
    preview: limit,
  });
  return parsed.data;
}

export function detectDelimiter(
  sample: string,
  newline: Dialect['newline'],
  complete: boolean,
): Delimiter {
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: 0 };
  for (const delimiter of candidates) {
    const rows = sampleRows(sample, { delimiter, newline }, complete, 50);
    if (rows.length === 0) continue;
    // The most common field count, and how many rows share it.
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    let modeFields = 1;
    let modeRows = 0;
    for (const [fields, n] of counts) {
      if (n > modeRows || (n === modeRows && fields > modeFields)) {
        modeFields = fields;
        modeRows = n;
      }
    }
    if (modeFields < 2) continue;
    // Consistent splitting into several fields wins; more fields break ties.
    const score = (modeRows / rows.length) * 100 + Math.min(modeFields, 50) / 100;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}
