// The list platforms as the app uses them: the connectors of the account in
// use (demo jobs keep their write-backs apart, as their jobs), write-backs
// run in main whether or not the window watches, their progress pushed as
// events, and a write-back the app was stopped in carried on when it starts
// again. Unsubscribing or archiving members waits for the user's yes in
// main's own dialog.
import { join } from 'node:path';
import { PLATFORM_ENV, PLATFORM_NAMES, type PlatformId } from '../common/catalogs/platforms';
import type { RetireMode, WriteBackReport } from '../common/views/platform-views';
import type { Account } from '../account/account';
import type { EventBus } from '../common/events';
import type { Workspace } from '../jobs/workspace';
import { requireConsent, type Consent } from '../lib/consent';
import { log } from '../lib/log';
import { openConnectors, type Connectors, type ConnectorsOptions } from './connectors';
import { keychainKeys, type KeyStoreOf } from './keys';

export interface AppPlatformsOptions {
  dataDir: string;
  account: Account;
  workspace: Workspace;
  events: EventBus;
  consent: Consent;
  /** Tests: the fakes' addresses, and a key store of their own. */
  urls?: Partial<Record<PlatformId, string>>;
  keys?: KeyStoreOf;
  http?: ConnectorsOptions['http'];
  /** The window's language, in which the connections and write-back reports are said. */
  words?: ConnectorsOptions['words'];
}

export function openAppPlatforms(o: AppPlatformsOptions) {
  const keys = o.keys ?? keychainKeys();
  // The app takes no key from its environment; an address only from its options.
  const env: NodeJS.ProcessEnv = {};
  for (const [platform, url] of Object.entries(o.urls ?? {})) {
    env[PLATFORM_ENV[platform as PlatformId].url] = url;
  }
  const running = new Map<string, Promise<WriteBackReport>>();
  // Quitting stops every write-back between batches' answers; the next start carries it on.
  const quitting = new AbortController();

  async function current(): Promise<Connectors> {
    const jobs = await o.workspace.jobs();
    const demo = o.account.status().mode === 'demo';
    return openConnectors({
      dataDir: demo ? join(o.dataDir, 'demo') : o.dataDir,
      jobs,
      keys,
      env,
      ...(o.http ? { http: o.http } : {}),
      ...(o.words ? { words: o.words } : {}),
    });
  }

  /** Connections need no jobs: they are the same whatever account is in use. */
  const connections = () =>
    openConnectors({
      dataDir: o.dataDir,
      keys,
      env,
      ...(o.http ? { http: o.http } : {}),
      ...(o.words ? { words: o.words } : {}),
    });

  /**
   * Runs (or joins) the job's write-back; its progress and its end are events.
   * `started` resolves once its journal says where it is (or it has ended).
   */
  function run(connectors: Connectors, jobId: string, retire: RetireMode | null) {
    const joined = running.get(jobId);
    if (joined) return { ongoing: joined, started: Promise.resolve() };
    let begun = () => {};
    const started = new Promise<void>((resolve) => (begun = resolve));
    const emit = async (done: number, total: number) => {
      const report = await connectors.report(jobId);
      if (report) o.events.emit('writeback:changed', { jobId, report, done, total });
    };
    const ongoing = connectors
      .writeBack(jobId, {
        retire,
        signal: quitting.signal,
        onProgress: (p) => {
          begun();
          void emit(p.done, p.total);
        },
      })
      .finally(() => {
        running.delete(jobId);
        begun();
        void emit(0, 0);
      });
    running.set(jobId, ongoing);
    return { ongoing, started };
  }

  // What the app was stopped in carries on once the jobs are open.
  if (o.account.status().mode !== 'none') {
    void current()
      .then(async (connectors) => {
        for (const jobId of await connectors.interrupted()) {
          run(connectors, jobId, null).ongoing.catch((err: unknown) =>
            log.warn(`write-back: ${jobId} could not be carried on`, err),
          );
        }
      })
      .catch(() => undefined);
  }

  return {
    /** Stops the write-backs under way (their journals say where), and waits for them. */
    async dispose() {
      quitting.abort();
      await Promise.allSettled([...running.values()]);
    },
    /** The connectors of the account in use (a watch's run reads and writes through them). */
    connectors: current,
    connections: () => connections().connections(),
    connect: (platform: PlatformId, key: string) =>
      connections().connect(platform, key, o.urls?.[platform]),
    remove: (platform: PlatformId) => connections().remove(platform),
    lists: (platform: PlatformId) => connections().lists(platform),
    async importList(platform: PlatformId, listId: string, choice: 'subscribed' | 'all') {
      return (await current()).importList(platform, listId, {
        choice,
        onProgress: (p) => o.events.emit('platform:progress', { platform, listId, ...p }),
      });
    },
    plan: async (jobId: string) => (await current()).plan(jobId),
    report: async (jobId: string) => (await current()).report(jobId),
    /** Starts the write-back and answers its report once it is under way (or over). */
    async start(jobId: string, retire: RetireMode | null): Promise<WriteBackReport> {
      const connectors = await current();
      if (retire !== null) {
        const plan = await connectors.plan(jobId);
        await requireConsent(o.consent, {
          kind: 'retire-members',
          platform: PLATFORM_NAMES[plan.platform],
          listName: plan.listName,
          count: plan.counts.retirable,
          mode: retire,
        });
      }
      const { ongoing, started } = run(connectors, jobId, retire);
      // A failure is the report's to tell (its state and its error).
      let failed = false;
      ongoing.catch((err: unknown) => {
        failed = true;
        if (quitting.signal.aborted) log.info(`write-back: ${jobId} carries on at the next start`);
        else log.warn(`write-back: ${jobId} stopped`, err);
      });
      await started;
      // Let a failure that ended it say so before the report is read.
      await new Promise((resolve) => setImmediate(resolve));
      const report = await connectors.report(jobId);
      // Refused before it wrote anything (a refused key, say): that error is the answer.
      if (report === null || (failed && report.state !== 'failed')) return ongoing;
      return report;
    },
  };
}

export type AppPlatforms = ReturnType<typeof openAppPlatforms>;
