// The window's words about the list platforms: a job named by its list and
// platform, a connection and why a key was not saved, a list's size and the
// members read, and the write-back's plan and report.
import { describe, expect, it } from 'vitest';
import type { WriteBackPlan, WriteBackReport } from '../../../electron/common/views/platform-views';
import { ApiError } from '../../../renderer/src/api/call';
import { jobName } from '../../../renderer/src/features/jobs/job-words';
import {
  connectProblem,
  connectionLine,
} from '../../../renderer/src/features/account/connections/connection-words';
import { listSizeWords } from '../../../renderer/src/features/import/platforms/platform-words';
import { membersReadLine } from '../../../renderer/src/features/import/import-words';
import {
  failureWords,
  howLine,
  planNotes,
  planRows,
  progressLine,
  reportLines,
  reportTitle,
  retireModeOf,
  retireWords,
  toWrite,
  writtenAs,
} from '../../../renderer/src/features/results/writeback/writeback-words';
import { jobView } from './job-view';
import { english } from '../../../electron/common/i18n/message';

const { t } = english;

const MAILCHIMP_HOW =
  'the tag "list-cleaner: <status>", its earlier List Cleaner tag made inactive';
const HUBSPOT_HOW = 'the contact properties list_cleaner_status and list_cleaner_checked_at';

function plan(over: Partial<WriteBackPlan> = {}): WriteBackPlan {
  return {
    platform: 'mailchimp',
    listName: 'Newsletter',
    checkedAt: '2026-03-03',
    counts: {
      write: { deliverable: 1200, undeliverable: 40, unknown: 3 },
      unchanged: 0,
      skipped: 0,
      retirable: 42,
    },
    how: MAILCHIMP_HOW,
    dated: false,
    retireModes: ['unsubscribe', 'archive'],
    ...over,
  };
}

function report(over: Partial<WriteBackReport> = {}): WriteBackReport {
  return {
    platform: 'mailchimp',
    listName: 'Newsletter',
    state: 'done',
    phase: 'done',
    plan: plan().counts,
    counts: { written: 1243, refused: 0, retired: 0, retireRefused: 0 },
    refusals: [],
    retire: null,
    startedAt: '2026-03-03T12:00:00.000Z',
    finishedAt: '2026-03-03T12:01:00.000Z',
    error: null,
    ...over,
  };
}

describe('jobName', () => {
  it('names a job read from a platform by its list and platform, a file by its name', () => {
    const source = { platform: 'mailchimp' as const, listName: 'Newsletter' };
    expect(jobName(jobView({ fileName: 'Newsletter (Mailchimp)', source }))).toBe(
      'Newsletter · Mailchimp',
    );
    expect(jobName(jobView({ fileName: 'april.csv' }))).toBe('april.csv');
  });
});

describe('connections', () => {
  const base = { name: 'Mailchimp', platform: 'mailchimp' as const };
  it('says where a saved key goes and its last four characters, never more', () => {
    expect(
      connectionLine(
        {
          ...base,
          connected: true,
          host: 'us21.api.mailchimp.com',
          keyEnding: '9f2c',
        },
        english.t,
      ),
    ).toBe('us21.api.mailchimp.com · API key ending in 9f2c');
    expect(
      connectionLine({ ...base, connected: false, host: null, keyEnding: null }, english.t),
    ).toBe('Not connected');
  });

  it("says a refused key in the app's words, without the platform's status code", () => {
    const refused = new ApiError({
      code: 'platform_key',
      message: 'Mailchimp refused the key (401: API Key Invalid).',
    });
    const words = connectProblem(refused, base, english.t);
    expect(words).toContain('Mailchimp refused this API key');
    expect(words).toContain('Nothing was saved.');
    expect(words).not.toContain('401');
    const other = new ApiError({ code: 'network', message: 'Mailchimp could not be reached.' });
    expect(connectProblem(other, base, english.t)).toBe('Mailchimp could not be reached.');
  });
});

describe('reading a platform list', () => {
  it("gives a list's size, or says the platform does not", () => {
    expect(listSizeWords({ size: 1204 }, t)).toBe('1,204 members');
    expect(listSizeWords({ size: 1 }, t)).toBe('1 member');
    expect(listSizeWords({ size: null }, t)).toBe('Size not given');
  });

  it('counts the members read, of about the total the platform gave', () => {
    expect(membersReadLine(null, t)).toBe('Asking for the first members…');
    expect(membersReadLine({ members: 1000, total: 5200 }, t)).toBe(
      '1,000 of about 5,200 members read',
    );
    expect(membersReadLine({ members: 1, total: null }, t)).toBe('1 member read');
  });
});

describe('the write-back plan', () => {
  it('says what each result is written as: the tag, or the value of the property', () => {
    expect(writtenAs(MAILCHIMP_HOW, 'undeliverable')).toBe('list-cleaner: undeliverable');
    expect(writtenAs(HUBSPOT_HOW, 'undeliverable')).toBe('undeliverable');
    // A tag holds no date: none is promised.
    expect(howLine(t, plan())).toBe(
      'Each member gets the tag "list-cleaner: …", its earlier List Cleaner tag made inactive.',
    );
    expect(howLine(t, plan({ platform: 'hubspot', how: HUBSPOT_HOW, dated: true }))).toBe(
      'Each member gets the contact properties list_cleaner_status and list_cleaner_checked_at, dated Mar 3, 2026, the day the list was checked.',
    );
  });

  it('lists the results with members to write, in the results’ order, and their total', () => {
    const rows = planRows(t, plan());
    expect(rows.map((r) => [r.label, r.members])).toEqual([
      ['Deliverable', 1200],
      ['Undeliverable', 40],
      ['Unknown', 3],
    ]);
    expect(toWrite(plan().counts)).toBe(1243);
  });

  it('says what is left as it is', () => {
    expect(planNotes(t, plan().counts)).toEqual([]);
    const notes = planNotes(t, { ...plan().counts, unchanged: 12, skipped: 1 });
    expect(notes[0]).toMatch(/^12 members already carry this result/);
    expect(notes[1]).toMatch(/^1 row has no result to write/);
  });

  it('offers archiving where the platform can, else unsubscribing, and nothing on HubSpot', () => {
    expect(retireModeOf(plan())).toBe('archive');
    expect(retireModeOf(plan({ retireModes: ['unsubscribe'] }))).toBe('unsubscribe');
    expect(retireModeOf(plan({ platform: 'hubspot', retireModes: [] }))).toBeNull();
    const none = plan();
    none.counts.retirable = 0;
    expect(retireModeOf(none)).toBeNull();
    const words = retireWords(t, plan(), 'archive');
    expect(words.label).toBe('Also archive the 42 undeliverable members');
    expect(words.hint).toContain('Nothing is deleted.');
  });
});

describe('the write-back report', () => {
  it('titles it by its state', () => {
    expect(reportTitle(t, report({ state: 'writing' }))).toBe('Writing back to Mailchimp…');
    expect(reportTitle(t, report())).toBe('Written back to Mailchimp');
    expect(reportTitle(t, report({ state: 'failed' }))).toBe('The write-back to Mailchimp stopped');
  });

  it('counts what was written, left, refused and retired', () => {
    const lines = reportLines(
      t,
      report({
        retire: 'archive',
        counts: { written: 1200, refused: 3, retired: 40, retireRefused: 0 },
      }),
    );
    expect(lines.map((l) => [l.label, l.count])).toEqual([
      ['Written', 1200],
      ['Already up to date', 0],
      ['Refused by Mailchimp', 3],
      ['Archived', 40],
    ]);
    expect(reportLines(t, report()).map((l) => l.key)).toEqual(['written', 'unchanged', 'refused']);
  });

  it('says how far it is, in the step it is in', () => {
    expect(progressLine(t, report({ phase: 'verdicts' }), { done: 500, total: 1243 })).toBe(
      'Writing results: 500 of 1,243 members',
    );
    expect(progressLine(t, report({ phase: 'retire', retire: 'archive' }), undefined)).toBe(
      'Archiving the undeliverable members…',
    );
  });

  it('says of a stopped one whether anything was written, and the way on', () => {
    const none = failureWords(
      t,
      report({
        state: 'failed',
        counts: { written: 0, refused: 0, retired: 0, retireRefused: 0 },
        error: 'Mailchimp could not be reached.',
      }),
    );
    expect(none).toEqual([
      'Mailchimp could not be reached.',
      'Nothing was written. Try again carries on from where it stopped.',
    ]);
    const some = failureWords(
      t,
      report({ counts: { written: 2, refused: 0, retired: 0, retireRefused: 0 }, error: null }),
    );
    expect(some[1]).toMatch(/^2 members were written before it stopped/);
  });
});
