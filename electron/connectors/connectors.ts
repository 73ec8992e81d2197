// What the shells call to work with list platforms: the saved connections,
// a platform's lists, a list read into a job (a draft like any dropped file),
// and the write-back of a finished job's verdicts, planned, run, resumed and
// reported. The app and the command line both go through here.
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../lib/atomic-file';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLATFORMS, type MemberChoice, type PlatformId } from '../common/platforms';
import { hostOf } from '../common/service-url';
import { AppError } from '../lib/app-error';
import type { Imported } from '../jobs/import';
import type { Jobs } from '../jobs/jobs';
import {
  createPlatformHttp,
  type PlatformHttp,
  type PlatformHttpOptions,
  type PlatformWait,
} from './http';
import { platformKey, type KeyStoreOf } from './keys';
import { openMembersFile } from './members-file';
import { CONNECTORS } from './platforms';
import type { Connector, PlatformList, RetireMode } from './types';
import { readJournal, saveJournal, writeBackPaths, type Journal } from './write-back/journal';
import { runWriteBack, type WriteBackProgress } from './write-back/run';
import { makeWorkList, type WorkCounts } from './write-back/work-list';

export interface ConnectionView {
  platform: PlatformId;
  name: string;
  connected: boolean;
  /** Where the key goes ("us21.api.mailchimp.com"). */
  host: string | null;
  keyEnding: string | null;
  keyName: string;
  keyHelp: string;
  from: 'saved' | 'environment' | null;
}

export interface ReadProgress {
  members: number;
  /** The list's size as the platform counts it, when it says. */
  total: number | null;
}

export interface WriteBackPlan {
  platform: PlatformId;
  listName: string;
  checkedAt: string;
  counts: WorkCounts;
  /** How the verdict is written, in the platform's words. */
  how: string;
  retireModes: readonly RetireMode[];
}

export type WriteBackReport = Pick<
  Journal,
  | 'state'
  | 'phase'
  | 'plan'
  | 'counts'
  | 'refusals'
  | 'startedAt'
  | 'finishedAt'
  | 'error'
  | 'retire'
> & { platform: PlatformId; listName: string };

export interface ConnectorsOptions {
  dataDir: string;
  /** Only reading a list into a job and writing one back need them (listing does not). */
  jobs?: Jobs;
  keys: KeyStoreOf;
  /** The command line's environment (keys and addresses); the app passes none. */
  env?: NodeJS.ProcessEnv;
  /** Tests shorten the waits. */
  http?: Pick<PlatformHttpOptions, 'backoffMs' | 'patienceMs' | 'timeoutMs'>;
  onWait?: (wait: PlatformWait) => void;
}

const intentSchema = z.object({ retire: z.enum(['unsubscribe', 'archive']).nullable() });

const HOW: Record<PlatformId, string> = {
  mailchimp: 'the tag "list-cleaner: <status>" (earlier List Cleaner tags made inactive)',
  hubspot: 'the contact properties list_cleaner_status and list_cleaner_checked_at',
  klaviyo: 'the profile properties list_cleaner_status and list_cleaner_checked_at',
  brevo: 'the contact attributes LIST_CLEANER_STATUS and LIST_CLEANER_CHECKED_AT',
};

export function connectorOf(platform: PlatformId): Connector {
  const connector = CONNECTORS[platform];
  if (connector === undefined)
    throw new AppError('invalid_input', `${platform} is not a platform List Cleaner knows.`);
  return connector;
}

/** A file name every system allows, from a list's name. */
const safeName = (name: string) => name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ').trim() || 'list';

export function openConnectors(o: ConnectorsOptions) {
  const dir = join(o.dataDir, 'write-backs');
  const jobs = (): Jobs => {
    if (o.jobs === undefined) throw new Error('connectors opened without jobs');
    return o.jobs;
  };

  async function httpFor(
    platform: PlatformId,
    signal?: AbortSignal,
  ): Promise<{ connector: Connector; http: PlatformHttp }> {
    const connector = connectorOf(platform);
    const { key, baseUrl } = await platformKey(connector, o.keys, o.env);
    return { connector, http: httpWith(connector, key, baseUrl, signal) };
  }

  function httpWith(connector: Connector, key: string, baseUrl: string, signal?: AbortSignal) {
    return createPlatformHttp({
      platform: connector.name,
      baseUrl,
      headers: connector.headers(key),
      errorText: connector.errorText,
      ...(connector.retryAfter ? { retryAfter: connector.retryAfter } : {}),
      maxInFlight: connector.limits.maxInFlight,
      ...(signal ? { signal } : {}),
      ...(o.onWait ? { onWait: o.onWait } : {}),
      ...o.http,
    });
  }

  async function connection(platform: PlatformId): Promise<ConnectionView> {
    const connector = connectorOf(platform);
    const base = {
      platform,
      name: connector.name,
      keyName: connector.keyName,
      keyHelp: connector.keyHelp,
    };
    try {
      const found = await platformKey(connector, o.keys, o.env);
      return {
        ...base,
        connected: true,
        host: hostOf(found.baseUrl),
        keyEnding: found.key.slice(-4),
        from: found.from,
      };
    } catch {
      return { ...base, connected: false, host: null, keyEnding: null, from: null };
    }
  }

  async function journalOf(jobId: string): Promise<Journal | null> {
    return readJournal(writeBackPaths(dir, jobId).journal);
  }

  async function sourceOf(jobId: string) {
    const record = await jobs().get(jobId);
    const source = await jobs().sourceOf(jobId);
    if (source === null) {
      throw new AppError(
        'invalid_input',
        `${record.fileName} was not read from a platform, so there is nothing to write back.`,
      );
    }
    if (record.state !== 'done') {
      throw new AppError(
        'invalid_input',
        `${record.fileName} is not checked yet: its verdicts are written back once the check is done.`,
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
  ): Promise<WorkCounts> {
    const paths = writeBackPaths(dir, jobId);
    await mkdir(dir, { recursive: true });
    await jobs().export(jobId, {
      destPath: paths.export,
      columns: ['email_status'],
      escapeFormulas: false,
    });
    try {
      return await makeWorkList(paths.export, paths.work, platform, checkedAt);
    } finally {
      await rm(paths.export, { force: true });
    }
  }

  const api = {
    connections: () =>
      Promise.all(PLATFORMS.filter((p) => CONNECTORS[p] !== undefined).map(connection)),

    /** Proves the key with one read at its address, then saves both in the keychain. */
    async connect(platform: PlatformId, key: string, url?: string): Promise<ConnectionView> {
      const connector = connectorOf(platform);
      const trimmed = key.trim();
      if (trimmed === '')
        throw new AppError('invalid_input', `Paste your ${connector.name} ${connector.keyName}.`);
      const baseUrl = url?.trim() || connector.defaultUrl(trimmed);
      await connector.prove(httpWith(connector, trimmed, baseUrl));
      await (await o.keys(platform)).set({ apiKey: trimmed, provenBaseUrl: baseUrl });
      return connection(platform);
    },

    async remove(platform: PlatformId): Promise<ConnectionView> {
      await (await o.keys(platform)).clear();
      return connection(platform);
    },

    async lists(platform: PlatformId): Promise<PlatformList[]> {
      const { connector, http } = await httpFor(platform);
      return connector.lists(http);
    },

    /** Reads a list's members page by page into a new draft job, reviewed like a dropped file. */
    async importList(
      platform: PlatformId,
      listId: string,
      options: {
        choice?: MemberChoice;
        onProgress?: (p: ReadProgress) => void;
        signal?: AbortSignal;
      } = {},
    ): Promise<Imported> {
      const { connector, http } = await httpFor(platform, options.signal);
      const choice = options.choice ?? 'subscribed';
      const list = (await connector.lists(http)).find((l) => l.id === listId);
      if (list === undefined) {
        throw new AppError(
          'invalid_input',
          `${connector.name} has no ${connector.listWord} with the id ${listId}. See them with: list-cleaner lists ${platform}`,
        );
      }
      const tmp = await mkdtemp(join(tmpdir(), 'list-cleaner-platform-'));
      try {
        const path = join(tmp, 'members.csv');
        const file = await openMembersFile(path, platform);
        try {
          for (let cursor: string | null = null; ;) {
            const page = await connector.members(http, listId, { cursor, choice });
            await file.add(page.members);
            options.onProgress?.({ members: file.rows, total: list.size });
            if (page.next === null || (page.members.length === 0 && page.next === cursor)) break;
            cursor = page.next;
          }
        } finally {
          await file.close();
        }
        if (file.rows === 0) {
          throw new AppError(
            'bad_file',
            `${list.name} on ${connector.name} has no ${choice === 'subscribed' ? 'subscribed ' : ''}members to check.`,
          );
        }
        const fileName = `${safeName(list.name)} (${connector.name})`;
        return await jobs().importFile(path, {
          named: { fileName, sourcePath: join(homedir(), `${fileName}.csv`) },
          source: { platform, listId, listName: list.name, choice },
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },

    /** What a write-back would change, per verdict; nothing is sent. */
    async plan(jobId: string): Promise<WriteBackPlan> {
      const { source, checkedAt } = await sourceOf(jobId);
      const connector = connectorOf(source.platform);
      const journal = await journalOf(jobId);
      const counts = journal?.plan ?? (await workOf(jobId, source.platform, checkedAt));
      return {
        platform: source.platform,
        listName: source.listName,
        checkedAt,
        counts,
        how: HOW[source.platform],
        retireModes: connector.retireModes,
      };
    },

    /** Writes the verdicts back (and retires members when asked), carrying on from any earlier run. */
    async writeBack(
      jobId: string,
      options: {
        retire?: RetireMode | null;
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
          `${connector.name} members cannot be ${retire === 'archive' ? 'archived' : 'unsubscribed'} by List Cleaner.`,
        );
      }
      const paths = writeBackPaths(dir, jobId);
      let journal = await journalOf(jobId);
      if (journal === null || journal.state === 'done') {
        const plan = await workOf(jobId, source.platform, checkedAt);
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
      return reportOf(ended);
    },

    /** Notes, before a job is checked, that its verdicts are to be written back when it is done. */
    async intend(jobId: string, retire: RetireMode | null): Promise<void> {
      await mkdir(dir, { recursive: true });
      await writeFileAtomic(writeBackPaths(dir, jobId).intent, JSON.stringify({ retire }));
    },

    /** Write-backs asked for and not finished: the jobs' ids with what was asked. */
    async unfinished(): Promise<{ jobId: string; retire: RetireMode | null }[]> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return [];
      }
      const found = [];
      for (const name of names) {
        const jobId = /^([a-z0-9-]+)\.intent\.json$/.exec(name)?.[1];
        if (jobId === undefined) continue;
        const intent = intentSchema.safeParse(
          JSON.parse(await readFile(join(dir, name), 'utf8').catch(() => 'null')),
        );
        if (!intent.success) continue;
        const journal = await journalOf(jobId);
        if (journal?.state !== 'done') found.push({ jobId, retire: intent.data.retire });
      }
      return found;
    },

    async report(jobId: string): Promise<WriteBackReport | null> {
      const journal = await journalOf(jobId);
      return journal === null ? null : reportOf(journal);
    },
  };
  return api;
}

function reportOf(j: Journal): WriteBackReport {
  return {
    platform: j.platform,
    listName: j.listName,
    state: j.state,
    phase: j.phase,
    plan: j.plan,
    counts: j.counts,
    refusals: j.refusals,
    startedAt: j.startedAt,
    finishedAt: j.finishedAt,
    error: j.error,
    retire: j.retire,
  };
}

export type Connectors = ReturnType<typeof openConnectors>;
