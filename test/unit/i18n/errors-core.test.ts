import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translatorOf } from '../../../electron/common/i18n/catalogs';
import { english, say } from '../../../electron/common/i18n/message';
import { createFileGrants } from '../../../electron/files/grants';
import { baseUrlSchema } from '../../../electron/ipc/contract';
import { describeIssues, toIpcError } from '../../../electron/ipc/registry';
import type { Live } from '../../../electron/jobs/live';
import { failureOf } from '../../../electron/jobs/run/job-failure';
import { durationWords } from '../../../electron/jobs/run/hold';
import type { PriceBook } from '../../../electron/jobs/money/prices';
import { jobRecord, type JobRecord } from '../../../electron/jobs/storage/record';
import { jobView } from '../../../electron/jobs/view';
import { AppError } from '../../../electron/lib/app-error';
import { errorForCode, networkError } from '../../../electron/service/errors';

const de = translatorOf('de').t;
const ru = translatorOf('ru').t;

/** Words that would mean an English sentence was left in another language's message. */
const ENGLISH = /\b(the|was|could|not|your|and|is)\b/i;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-errors-core-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refusedGrant(): Promise<AppError> {
  const path = join(dir, 'contacts.pdf');
  await writeFile(path, 'not a list');
  const err: unknown = await createFileGrants('linux')
    .grant(path)
    .catch((e: unknown) => e);
  if (!(err instanceof AppError)) throw new Error('the grant was not refused');
  return err;
}

describe('the core’s errors through the IPC route', () => {
  it('say a file refused in German and Russian, its name kept, its English as it was', async () => {
    const err = await refusedGrant();
    expect(err.message).toBe(
      'contacts.pdf is not a list List Cleaner reads. Choose a .csv, .tsv, .txt, .xlsx or .xlsm list.',
    );
    expect(toIpcError(err).message).toBe(err.message);
    const german = toIpcError(err, de).message;
    expect(german).toBe(
      'contacts.pdf ist keine Liste, die List Cleaner lesen kann. Wählen Sie eine Liste im Format .csv, .tsv, .txt, .xlsx oder .xlsm.',
    );
    const russian = toIpcError(err, ru).message;
    expect(russian).toContain('contacts.pdf — не список');
    expect(russian).not.toMatch(ENGLISH);
  });

  it('say the service’s refusals in German and Russian', () => {
    const low = errorForCode(40200, 'insufficient balance', 402);
    expect(low.message).toBe(
      'Your balance is too low for this check. Nothing was charged. Top up your account, then try again.',
    );
    expect(toIpcError(low, de).message).toBe(
      'Ihr Guthaben reicht für diese Prüfung nicht aus. Es wurde nichts berechnet. Laden Sie Ihr Konto auf und versuchen Sie es dann erneut.',
    );
    expect(toIpcError(low, de).serviceCode).toBe(40200);
    const lost = networkError(
      'api.example.com',
      Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
    );
    const russian = toIpcError(lost, ru).message;
    expect(russian).not.toContain('ECONNREFUSED');
    expect(toIpcError(lost, ru).details).toBe('ECONNREFUSED: refused');
    expect(russian).toContain('api.example.com');
    expect(russian).toContain('Ничего не списано.');
    expect(russian).not.toMatch(ENGLISH);
    // A code the interface does not list keeps the service's own words, quoted.
    expect(toIpcError(errorForCode(49999, 'odd', 400), de).message).toBe(
      'Der Dienst hat mit Fehler 49999 geantwortet („odd“). Prüfen Sie Ihr Guthaben, bevor Sie es erneut versuchen.',
    );
  });

  it('say an input refused at the edge in the window’s language', () => {
    const parsed = baseUrlSchema.safeParse(`https://${'a'.repeat(2100)}.example.com`);
    if (parsed.success) throw new Error('a too long address passed');
    expect(describeIssues(parsed.error.issues)).toBe('That address is too long.');
    expect(describeIssues(parsed.error.issues, de)).toBe('Diese Adresse ist zu lang.');
    expect(describeIssues(parsed.error.issues, ru)).toBe('Этот адрес слишком длинный.');
  });

  it('say an unexpected error’s fallback in the window’s language', () => {
    expect(toIpcError(new Error('boom')).message).toBe(
      'Something went wrong inside List Cleaner. Nothing was charged; please try again.',
    );
    expect(toIpcError(new Error('boom'), ru).message).toBe(
      'Внутри List Cleaner что-то пошло не так. Ничего не списано; попробуйте ещё раз.',
    );
  });
});

/** A job as the view reads it: only its record matters here. */
function liveOf(record: JobRecord): Live {
  const counts = {
    done: 0,
    deliverable: 0,
    undeliverable: 0,
    unknown: 0,
    disposable: 0,
    role: 0,
    notCovered: 0,
    suppressed: 0,
    blocked: 0,
    noMail: 0,
    reused: 0,
    reusedFromVendors: 0,
    paid: 0,
  };
  const live = {
    record,
    outcomes: { counts: () => counts },
    list: { counts: { rows: 3, invalid: 0, empty: 0, duplicates: 0 } },
    nextChecks: new Map<string, number>(),
    resumed: false,
    running: false,
    elsewhere: null,
    sent: null,
  };
  return live as unknown as Live;
}

const noPrices = { get: () => null } as unknown as PriceBook;

function failedRecord(failure: unknown): JobRecord {
  const at = '2026-11-26T10:00:00.000Z';
  return jobRecord.parse({
    version: 1,
    id: 'job-1',
    createdAt: at,
    updatedAt: at,
    fileName: 'contacts.csv',
    sourcePath: join(dir, 'contacts.csv'),
    state: 'failed',
    unique: 3,
    failure,
  });
}

describe('a job’s failure kept in job.json', () => {
  it('keeps its message beside the English, and the view says it in the reader’s language', () => {
    const failure = failureOf(errorForCode(50300, 'maintenance', 503), 'job-1', dir);
    const english = failure.message;
    expect(english).toBe(
      'The verification service is down for maintenance. Nothing was charged. Try again later. The addresses checked so far are kept; Try again carries on from there.',
    );
    // Kept on disk as JSON, read back through the schema.
    const record = failedRecord(JSON.parse(JSON.stringify(failure)));
    expect(record.failure?.said?.id).toBe('error.job.carryOn');
    const live = liveOf(record);
    expect(jobView(live, noPrices, false).failure?.message).toBe(english);
    const german = jobView(live, noPrices, false, undefined, de).failure?.message;
    expect(german).toBe(
      'Der E-Mail-Prüfdienst ist wegen Wartungsarbeiten nicht erreichbar. Es wurde nichts berechnet. Versuchen Sie es später erneut. Die bisher geprüften Adressen bleiben erhalten; „Erneut versuchen“ macht dort weiter.',
    );
    const russian = jobView(live, noPrices, false, undefined, ru).failure?.message ?? '';
    expect(russian).toContain('Ничего не списано.');
    expect(russian).not.toMatch(ENGLISH);
  });

  it('an unexpected error’s failure is said too, its detail as it was', () => {
    const failure = failureOf(new Error('disk on fire'), 'job-1', dir);
    const view = jobView(liveOf(failedRecord(failure)), noPrices, false, undefined, de);
    expect(view.failure?.message).toBe(
      'In List Cleaner ist etwas schiefgegangen (disk on fire). Die bisher geprüften Adressen bleiben erhalten; „Erneut versuchen“ macht dort weiter.',
    );
  });

  it('an old job’s failure without a message still shows its English, in every language', () => {
    const old = { code: 'service', message: 'The service is down.', charged: 'no' };
    const live = liveOf(failedRecord(old));
    expect(jobView(live, noPrices, false, undefined, de).failure?.message).toBe(
      'The service is down.',
    );
    expect(jobView(live, noPrices, false, undefined, ru).failure?.message).toBe(
      'The service is down.',
    );
  });

  it('a message this version does not know shows the English kept beside it', () => {
    const later = {
      code: 'service',
      message: 'Said by a later List Cleaner.',
      charged: 'no',
      said: { id: 'error.job.fromTheFuture', values: { n: 1 } },
    };
    const view = jobView(liveOf(failedRecord(later)), noPrices, false, undefined, de);
    expect(view.failure?.message).toBe('Said by a later List Cleaner.');
  });
});

describe('how long the service refused, in Russian', () => {
  it('gives each count its own form', () => {
    const minutes = (n: number) => say(ru, durationWords(n * 60_000));
    expect(minutes(1)).toBe('1 минуту');
    expect(minutes(3)).toBe('3 минуты');
    expect(minutes(5)).toBe('5 минут');
    expect(minutes(21)).toBe('21 минуту');
    expect(say(english.t, durationWords(60_000))).toBe('1 minute');
    expect(say(english.t, durationWords(3 * 86_400_000))).toBe('3 days');
  });
});
