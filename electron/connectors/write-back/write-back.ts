// A finished job's verdicts written back to the platform its list came
// from: the plan (per verdict, what changes), the run (journalled, resumable,
// each member written once), what `clean` asked for kept until it is done,
// and the report.
import { mkdir, rm } from 'node:fs/promises';
import type { PlatformId } from '../../common/catalogs/platforms';
import { message, say, type Message, type Translate } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { connectorOf, type Context } from '../context';
import type { RetireMode } from '../types';
import { readJournal, saveJournal, writeBackPaths, type Journal } from './journal';
import { runWriteBack, type WriteBackProgress } from './run';
import { makeWorkList } from './work-list';
import { intentsApi } from './intents';
import type { WorkCounts, WriteBackPlan, WriteBackReport } from '../../common/views/platform-views';

/**
 * How each platform holds the verdict, in words for the plan (the tag and
 * field names as the platform shows them: placeholders, never translated);
 * `dated` when it keeps the day too.
 */
const HOW: Record<PlatformId, { how: Message; dated: boolean }> = {
  mailchimp: {
    how: message('notice.connector.how.tag', { tag: 'list-cleaner: <status>' }),
    dated: false,
  },
  hubspot: {
    how: message('notice.connector.how.contactProperties', {
      status: 'list_cleaner_status',
      checked: 'list_cleaner_checked_at',
    }),
    dated: true,
  },
  klaviyo: {
    how: message('notice.connector.how.profileProperties', {
      status: 'list_cleaner_status',
      checked: 'list_cleaner_checked_at',
    }),
    dated: true,
  },
  brevo: {
    how: message('notice.connector.how.contactAttributes', {
      status: 'LIST_CLEANER_STATUS',
      checked: 'LIST_CLEANER_CHECKED_AT',
    }),
    dated: true,
  },
};

export function writeBackApi(ctx: Context) {
  const { dir, httpFor } = ctx;
  const jobs = () => ctx.jobs();
  async function journalOf(jobId: string): Promise<Journal | null> {
    return readJournal(writeBackPaths(dir, jobId).journal);
  }

  async function sourceOf(jobId: string) {
    const record = await jobs().get(jobId);
    const source = await jobs().sourceOf(jobId);
    if (source === null) {
      throw new AppError(
        'invalid_input',
        message('error.connector.notFromPlatform', { fileName: record.fileName }),
      );
    }
    if (record.state !== 'done') {
      throw new AppError(
        'invalid_input',
        message('error.connector.notCheckedYet', { fileName: record.fileName }),
      );
    }
    const checkedAt = (record.finishedAt ?? new Date().toISOString()).slice(0, 10);
    return { record, source, checkedAt };
  }

  /** The work list made from the job's export, once; a second plan reads the same. */
  async function workOf(
    jobId: string,
    platform: PlatformId,
    checkedAt: string,
    statusOnly: boolean,
  ): Promise<WorkCounts> {
    const paths = writeBackPaths(dir, jobId);
    await mkdir(dir, { recursive: true });
    await jobs().export(jobId, {
      destPath: paths.export,
      columns: ['email_status'],
      escapeFormulas: false,
    });
    try {
      return await makeWorkList(paths.export, paths.work, platform, checkedAt, { statusOnly });
    } finally {
      await rm(paths.export, { force: true });
    }
  }

  return {
    /**
     * What a write-back would change, per verdict; nothing is sent. `statusOnly`
     * (a watch): a member whose status holds is not written, whatever day it carries.
     */
    async plan(jobId: string, options: { statusOnly?: boolean } = {}): Promise<WriteBackPlan> {
      const { source, checkedAt } = await sourceOf(jobId);
      const connector = connectorOf(source.platform);
      const journal = await journalOf(jobId);
      const counts =
        journal?.plan ??
        (await workOf(jobId, source.platform, checkedAt, options.statusOnly ?? false));
      const { how, dated } = HOW[source.platform];
      return {
        platform: source.platform,
        listName: source.listName,
        checkedAt,
        counts,
        how: say(ctx.t(), how),
        dated,
        retireModes: [...connector.retireModes],
      };
    },

    /** Writes the verdicts back (and retires members when asked), carrying on from any earlier run. */
    async writeBack(
      jobId: string,
      options: {
        retire?: RetireMode | null;
        statusOnly?: boolean;
        onProgress?: (p: WriteBackProgress) => void;
        signal?: AbortSignal;
      } = {},
    ): Promise<WriteBackReport> {
      const { source, checkedAt } = await sourceOf(jobId);
      const { connector, http } = await httpFor(source.platform, options.signal);
      const retire = options.retire ?? null;
      if (retire !== null && !connector.retireModes.includes(retire)) {
        throw new AppError(
          'invalid_input',
          message('error.connector.cannotRetire', { name: connector.name, mode: retire }),
        );
      }
      const paths = writeBackPaths(dir, jobId);
      let journal = await journalOf(jobId);
      if (journal === null || journal.state === 'done') {
        const plan = await workOf(jobId, source.platform, checkedAt, options.statusOnly ?? false);
        journal = {
          version: 1,
          jobId,
          platform: source.platform,
          listId: source.listId,
          listName: source.listName,
          checkedAt,
          retire,
          state: 'writing',
          phase: 'verdicts',
          next: 0,
          inFlight: null,
          plan,
          counts: { written: 0, refused: 0, retired: 0, retireRefused: 0 },
          refusals: [],
          startedAt: new Date().toISOString(),
          finishedAt: null,
          error: null,
        };
      } else {
        // Carried on: asking to retire now is honoured; asking for less is not undone.
        journal.retire = journal.retire ?? retire;
        journal.state = 'writing';
      }
      await saveJournal(paths.journal, journal);
      const ended = await runWriteBack({
        connector,
        http,
        journal,
        journalPath: paths.journal,
        workPath: paths.work,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
      return reportOf(ended, ctx.t());
    },

    ...intentsApi(dir, journalOf),

    async report(jobId: string): Promise<WriteBackReport | null> {
      const journal = await journalOf(jobId);
      return journal === null ? null : reportOf(journal, ctx.t());
    },
  };
}

/** The journal as the reader is shown it: the platform's refusals and the error in their language where ours. */
function reportOf(j: Journal, t: Translate): WriteBackReport {
  return {
    platform: j.platform,
    listName: j.listName,
    state: j.state,
    phase: j.phase,
    plan: j.plan,
    counts: j.counts,
    refusals: j.refusals.map((r) => ({
      email: r.email,
      reason: r.said ? say(t, r.said) : r.reason,
    })),
    startedAt: j.startedAt,
    finishedAt: j.finishedAt,
    error: j.errorSaid ? say(t, j.errorSaid) : j.error,
    retire: j.retire,
  };
}
