// The write-back as one bulk profile import job per batch: Klaviyo's import
// is an upsert that updates the profile an `id` names (the OpenAPI
// document's ProfileUpsertQueryResourceObject, revision 2026-07-15; the Bulk
// Import Profiles guide), so each verdict goes by the member's id alone and
// an email changed in Klaviyo since the read is never written back over.
// The job runs later: it is polled until complete, and the profiles it
// could not take are read from its import errors, each pointing at the
// profile's place in the job (`/data/attributes/profiles/data/<i>`).
import { abortableSleep } from '../../../service/retry';
import { VERDICT_FIELDS } from '../../../common/catalogs/platforms';
import { message, type Message } from '../../../common/i18n/message';
import { PlatformError, type PlatformHttp } from '../../http';
import { refusalOf, type Verdict, type WriteOutcome } from '../../types';
import {
  cursorOf,
  importErrorsAnswer,
  importJobAnswer,
  type ImportErrors,
  type ImportJob,
} from './schemas';

/** A job takes at most 10,000 profiles (bulk_import_profiles). */
export const MAX_JOB_PROFILES = 10_000;
/** The import job endpoints allow 10/s and 150/m: polling starts quick and slows to this. */
const FIRST_POLL_MS = 100;
const MAX_POLL_MS = 5_000;
/** A job still running after this long is reported, not waited on for ever. */
const JOB_PATIENCE_MS = 30 * 60_000;

function jobBody(verdicts: readonly Verdict[]) {
  return {
    data: {
      type: 'profile-bulk-import-job',
      attributes: {
        profiles: {
          data: verdicts.map((v) => ({
            type: 'profile',
            id: v.id,
            attributes: {
              properties: {
                [VERDICT_FIELDS.property]: v.status,
                [VERDICT_FIELDS.checkedProperty]: v.checkedAt,
              },
            },
          })),
        },
      },
    },
  };
}

async function untilDone(http: PlatformHttp, job: ImportJob): Promise<ImportJob> {
  const started = Date.now();
  let pause = FIRST_POLL_MS;
  let now = job;
  while (now.attributes.status === 'queued' || now.attributes.status === 'processing') {
    if (Date.now() - started > JOB_PATIENCE_MS) {
      const minutes = JOB_PATIENCE_MS / 60_000;
      throw new PlatformError(
        'platform',
        message('error.connector.klaviyo.importUnfinished', {
          job: job.id,
          minutes,
          count: String(minutes),
        }),
        null,
      );
    }
    await abortableSleep(pause, http.signal);
    pause = Math.min(pause * 2, MAX_POLL_MS);
    now = (
      await http.json(
        { method: 'GET', path: `profile-bulk-import-jobs/${encodeURIComponent(job.id)}` },
        importJobAnswer,
      )
    ).data;
  }
  return now;
}

async function importErrors(http: PlatformHttp, jobId: string): Promise<ImportErrors> {
  const all: ImportErrors = [];
  let cursor: string | null = null;
  do {
    const page = await http.json(
      {
        method: 'GET',
        path: `profile-bulk-import-jobs/${encodeURIComponent(jobId)}/import-errors`,
        query: { 'page[size]': 100, 'page[cursor]': cursor ?? undefined },
      },
      importErrorsAnswer,
    );
    all.push(...page.data);
    cursor = cursorOf(page.links?.next);
  } while (cursor !== null);
  return all;
}

/** Which verdict an import error is about: by its place in the job, else by the id it echoes. */
function indexOf(error: ImportErrors[number], verdicts: readonly Verdict[]): number {
  const pointer = error.attributes.source?.pointer ?? '';
  const m = /^\/data\/attributes\/profiles\/data\/(\d+)/.exec(pointer);
  if (m) return Number(m[1]);
  const id = error.attributes.original_payload?.id;
  return id ? verdicts.findIndex((v) => v.id === id) : -1;
}

/** Waits for an import job made before a crash to end, whatever became of it. */
export async function settleImport(http: PlatformHttp, id: string): Promise<void> {
  const job = await http.json(
    { method: 'GET', path: `profile-bulk-import-jobs/${encodeURIComponent(id)}` },
    importJobAnswer,
  );
  await untilDone(http, job.data);
}

export async function importVerdicts(
  http: PlatformHttp,
  verdicts: readonly Verdict[],
  submitted?: (job: string) => Promise<void>,
): Promise<WriteOutcome[]> {
  // Writing the same values again leaves the same state, so a lost answer may be sent again.
  const created = await http.json(
    { method: 'POST', path: 'profile-bulk-import-jobs', body: jobBody(verdicts), idempotent: true },
    importJobAnswer,
  );
  await submitted?.(created.data.id);
  const job = await untilDone(http, created.data);
  if (job.attributes.status === 'cancelled') {
    return verdicts.map((v) =>
      refusalOf(v.id, message('error.connector.refusal.klaviyoCancelled')),
    );
  }
  const refused = new Map<number, string | Message>();
  if ((job.attributes.failed_count ?? 0) > 0) {
    for (const error of await importErrors(http, job.id)) {
      const i = indexOf(error, verdicts);
      const a = error.attributes;
      const own = a.detail || a.title || a.code;
      if (i >= 0) refused.set(i, own || message('error.connector.refusal.klaviyoRefused'));
    }
  }
  return verdicts.map((v, i): WriteOutcome => {
    const reason = refused.get(i);
    return reason === undefined ? { id: v.id, result: 'written' } : refusalOf(v.id, reason);
  });
}
