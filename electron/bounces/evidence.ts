// The evidence file: the addresses we called deliverable that then bounced
// hard, with our verdict's date and the platform's words, which is what a
// vendor asks for to refund a wrong verdict. Kept in the job's folder
// (bounces/<n>-evidence.csv, one per match, the newest the highest n) beside
// the match's figures (<n>-report.json), written as every output is: cells
// quoted and formula-escaped as the export does (lists/write/row-text.ts cellWriter),
// to a temporary file renamed into place (lib/files/atomic-file.ts).
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BounceReportView } from '../common/views/bounce-views';
import { placeFile, tempPathFor, writeFileAtomic } from '../lib/files/atomic-file';
import { cellWriter } from '../lists/write/row-text';
import type { BounceKind } from './report';
import { bounceReportViewSchema } from './report-schema';

export const EVIDENCE_HEADER = [
  'email',
  'verdict',
  'verdict_date',
  'verdict_source',
  'job_id',
  'bounce_date',
  'bounce_type',
  'platform_detail',
] as const;

export interface EvidenceRow {
  address: string;
  verdict: string;
  /** ISO 8601. */
  verdictDate: string;
  source: 'paid' | 'reused' | 'local';
  jobId: string;
  bounceDate: string | null;
  bounceType: BounceKind;
  detail: string;
}

const cell = cellWriter(',', true, false);

export function evidenceCsv(rows: readonly EvidenceRow[]): string {
  const lines = [EVIDENCE_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.address,
        r.verdict,
        r.verdictDate,
        r.source,
        r.jobId,
        r.bounceDate ?? '',
        `${r.bounceType}_bounce`,
        r.detail,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const NAME = /^(\d+)-evidence\.csv$/;

/** The job's folder of matches. */
export const bouncesDir = (jobDir: string): string => join(jobDir, 'bounces');

/** The numbers of the matches kept, lowest first. */
async function kept(dir: string): Promise<number[]> {
  const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  return names
    .map((n) => NAME.exec(n)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export interface KeptMatch {
  evidencePath: string;
  reportPath: string;
}

const pathsOf = (dir: string, n: number): KeptMatch => ({
  evidencePath: join(dir, `${n}-evidence.csv`),
  reportPath: join(dir, `${n}-report.json`),
});

/**
 * Writes a match's evidence file and figures as the next of the job's
 * matches. The evidence goes first: a report file names only a match whose
 * evidence is whole.
 */
export async function keepMatch(
  jobDir: string,
  rows: readonly EvidenceRow[],
  view: BounceReportView,
): Promise<KeptMatch> {
  const dir = bouncesDir(jobDir);
  await mkdir(dir, { recursive: true });
  const n = ((await kept(dir)).at(-1) ?? 0) + 1;
  const paths = pathsOf(dir, n);
  await writeFileAtomic(paths.evidencePath, evidenceCsv(rows));
  await writeFileAtomic(paths.reportPath, JSON.stringify(view, null, 2));
  return paths;
}

/** The newest match of the job kept on disk, or null when there is none. */
export async function newestMatch(jobDir: string): Promise<KeptMatch | null> {
  const dir = bouncesDir(jobDir);
  const n = (await kept(dir)).at(-1);
  return n === undefined ? null : pathsOf(dir, n);
}

/** The figures of a match kept on disk; null when they cannot be read (the evidence is kept). */
export async function readKeptView(path: string): Promise<BounceReportView | null> {
  try {
    return bounceReportViewSchema.parse(JSON.parse(await readFile(path, 'utf8')));
  } catch {
    return null;
  }
}

/** A copy of the evidence file where the user chose, put in place whole. */
export async function copyEvidence(from: string, to: string): Promise<void> {
  const tmp = tempPathFor(to);
  try {
    await copyFile(from, tmp);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await placeFile(tmp, to);
}
