// A platform's bounce report matched to a finished job: which of the
// addresses we called deliverable bounced, and how (report.ts reads the
// report; evidence.ts keeps the file a vendor asks for). The job's address
// book is walked once against the report's addresses, so a job of a million
// addresses is matched in seconds and holds only the report in memory. The
// hard bounces, complaints and unsubscribes then join the account's
// suppression list, under the report's file name; a report matched again
// replaces its own entries.
import { basename } from 'node:path';
import type { BounceReportView } from '../common/views/bounce-views';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import type { JobView } from '../common/views/views';
import type { Jobs } from '../jobs/jobs';
import type { SuppressionRow } from '../suppression/types';
import { keepMatch, newestMatch, readKeptView, type EvidenceRow } from './evidence';
import { readBounceReport, SUPPRESSED_KINDS, type ReportEntry } from './report';

export interface BounceMatch {
  view: BounceReportView;
  /** The evidence file in the job's folder. */
  evidencePath: string;
}

/** Entries given to the suppression list at a time: one transaction of its store. */
const ADD_BATCH = 10_000;

const iso = (epochSeconds: number): string => new Date(epochSeconds * 1000).toISOString();

/** The earliest and latest of some ISO 8601 dates. */
function span(): { add(d: string | null): void; first: string | null; last: string | null } {
  const s = {
    first: null as string | null,
    last: null as string | null,
    add(d: string | null) {
      if (d === null) return;
      if (s.first === null || d < s.first) s.first = d;
      if (s.last === null || d > s.last) s.last = d;
    },
  };
  return s;
}

/** What a match reads of the jobs: a finished job's addresses and outcomes, the account's suppression list, the job's folder. */
export type BounceJobs = Pick<Jobs, 'get' | 'addressBook' | 'outcomes' | 'suppression' | 'folder'>;

/** When this job gave its own verdicts: the export's "checked on" date. */
const jobVerdictDate = (v: JobView): string => v.finishedAt ?? v.startedAt ?? v.createdAt;

async function suppress(
  jobs: BounceJobs,
  entries: Map<string, ReportEntry>,
  source: string,
): Promise<{ added: number; already: number }> {
  const list = await jobs.suppression();
  const totals = { added: 0, already: 0 };
  let batch: SuppressionRow[] = [];
  const flush = async () => {
    const result = await list.add(batch, source);
    totals.added += result.added;
    totals.already += result.replaced;
    batch = [];
  };
  for (const [address, e] of entries) {
    if (!SUPPRESSED_KINDS.has(e.kind)) continue;
    batch.push({ address, reason: e.reason, date: e.date, detail: e.detail });
    if (batch.length >= ADD_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return totals;
}

export async function matchBounceReport(
  jobs: BounceJobs,
  jobId: string,
  path: string,
): Promise<BounceMatch> {
  const job = await jobs.get(jobId);
  if (job.state !== 'done') {
    throw new AppError('invalid_input', message('error.bounces.unfinished'));
  }
  const report = await readBounceReport(path);
  const { entries } = report;
  const book = await jobs.addressBook(jobId);
  const outcomes = await jobs.outcomes(jobId);
  const view: BounceReportView = {
    jobId,
    fileName: basename(path),
    format: report.label,
    rows: report.rows,
    skipped: report.skipped,
    addresses: entries.size,
    inList: 0,
    notInList: 0,
    deliverable: {
      hard: 0,
      soft: 0,
      unspecified: 0,
      paid: 0,
      reused: 0,
      beforeVerdict: 0,
      firstBounce: null,
      lastBounce: null,
      firstVerdict: null,
      lastVerdict: null,
    },
    undeliverable: 0,
    unknown: 0,
    otherVerdict: 0,
    complaints: 0,
    unsubscribes: 0,
    suppressed: { added: 0, already: 0 },
    evidenceRows: 0,
    matchedAt: new Date().toISOString(),
  };
  const evidence: EvidenceRow[] = [];
  const bounced = span();
  const verdicts = span();
  const jobDate = jobVerdictDate(job);
  const d = view.deliverable;
  for (let i = 0; entries.size > 0 && i < book.count; i++) {
    const entry = entries.get(book.at(i));
    if (!entry) continue;
    view.inList += 1;
    if (entry.kind === 'complaint' || entry.kind === 'unsubscribe') {
      view[entry.kind === 'complaint' ? 'complaints' : 'unsubscribes'] += 1;
      continue;
    }
    const outcome = outcomes.get(i);
    const status = outcome?.status;
    if (status === 'undeliverable' || status === 'unknown') {
      view[status] += 1;
      continue;
    }
    if (status !== 'deliverable') {
      view.otherVerdict += 1;
      continue;
    }
    d[entry.kind] += 1;
    if (entry.kind !== 'hard') continue;
    const reused = outcome?.origin === 'reused';
    const verdictDate = reused && outcome.checkedAt ? iso(outcome.checkedAt) : jobDate;
    d[reused ? 'reused' : 'paid'] += 1;
    if (entry.date !== null && Date.parse(entry.date) < Date.parse(verdictDate))
      d.beforeVerdict += 1;
    bounced.add(entry.date);
    verdicts.add(verdictDate);
    evidence.push({
      address: book.at(i),
      verdict: 'deliverable',
      verdictDate,
      source: outcome?.origin ?? 'paid',
      jobId,
      bounceDate: entry.date,
      bounceType: entry.kind,
      detail: entry.detail,
    });
  }
  view.notInList = entries.size - view.inList;
  Object.assign(d, {
    firstBounce: bounced.first,
    lastBounce: bounced.last,
    firstVerdict: verdicts.first,
    lastVerdict: verdicts.last,
  });
  view.evidenceRows = evidence.length;
  view.suppressed = await suppress(jobs, entries, view.fileName);
  const kept = await keepMatch(await jobs.folder(jobId), evidence, view);
  return { view, evidencePath: kept.evidencePath };
}

/** The job's newest match, as kept in its folder; null when none was made (or it cannot be read). */
export async function lastBounceMatch(
  jobs: Pick<BounceJobs, 'folder'>,
  jobId: string,
): Promise<BounceMatch | null> {
  const kept = await newestMatch(await jobs.folder(jobId));
  if (!kept) return null;
  const view = await readKeptView(kept.reportPath);
  return view && { view, evidencePath: kept.evidencePath };
}
