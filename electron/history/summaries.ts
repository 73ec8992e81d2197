// A finished job's summary for the team store (history/team.ts): the list's
// name, who ran it and where, when, the product, the counts and the charge;
// never a row or an address. It is written to the data folder first
// (team/summaries/<job id>.json, with the account it belongs to) and removed
// once the store has it, so a store out of reach, a crash or a command that
// ends at once loses nothing: what is kept is sent on the next chance (the
// next finished job, the next time the jobs are opened). A job never waits
// for the store, nor fails because of it. The demo never publishes.
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { DEMO_MEMORY } from '../lib/account-name';
import type { JobView } from '../common/views/views';
import { writeFileAtomic } from '../lib/files/atomic-file';
import { log } from '../lib/log';
import { jobSummarySchema, pushSummary, type JobSummary } from './team';
import type { TeamStore } from '../team/store';

/** What the summaries need of the jobs' options (jobs/live.ts JobsOptions). */
export interface SummaryOptions {
  /** The jobs' data folder, where the summaries wait for the store. */
  dataDir: string;
  /** The team store, or null when there is none. */
  team?: () => Promise<TeamStore | null>;
  /** Whose answers the jobs keep (their account), or none kept. */
  memory?: { account: string | (() => string | null) } | false;
}

/** Who runs the jobs here, as the team's history names them. */
export interface Who {
  osUser: string;
  machine: string;
}

/** The OS user and the computer's name; words in their place where the system has none. */
export function whoRunsHere(): Who {
  let osUser: string | undefined;
  try {
    // Throws where the user has no entry in the system's user list (some containers).
    osUser = userInfo().username;
  } catch {
    osUser = process.env.USER ?? process.env.USERNAME;
  }
  return {
    osUser: osUser?.trim() || 'unknown user',
    machine: hostname().trim() || 'unknown computer',
  };
}

/** What the team sees of a finished job. */
export function summaryOf(view: JobView, who: Who): JobSummary | null {
  if (view.state !== 'done' || view.finishedAt === null || view.product === null) return null;
  return {
    id: view.id,
    listName: view.source?.listName || view.fileName || 'Untitled list',
    osUser: who.osUser,
    machine: who.machine,
    product: view.product,
    finishedAt: view.finishedAt,
    counts: {
      rows: view.rows,
      unique: view.unique,
      deliverable: view.deliverable,
      undeliverable: view.undeliverable,
      unknown: view.unknown,
      invalid: view.invalid,
      duplicates: view.duplicates,
      reused: view.reused,
      paid: view.paid,
    },
    // Paid answers at a price not learned here: not known, never 0.
    chargedMicros: view.paid > 0 ? view.chargedMicros : (view.chargedMicros ?? 0),
  };
}

/** A summary waiting on disk, with the account it belongs to (the key may change meanwhile). */
const pendingSchema = z.strictObject({ account: z.string().min(1), summary: jobSummarySchema });

export interface TeamSummaries {
  /** A job is done: its summary is kept and sent in the background. Never throws. */
  finished(view: JobView): void;
  /** Sends every summary kept on disk, as far as the store lets it. Never throws. */
  flush(): Promise<void>;
  /** Resolves once nothing is being written or sent. */
  idle(): Promise<void>;
}

/** The folder of the summaries not sent yet. */
export const pendingDir = (dataDir: string): string => join(dataDir, 'team', 'summaries');

const safeName = (id: string) => /^[A-Za-z0-9._-]{1,200}$/.test(id) && !id.startsWith('.');

export function teamSummaries(
  options: SummaryOptions,
  who: () => Who = whoRunsHere,
): TeamSummaries {
  const dir = pendingDir(options.dataDir);
  // One thing at a time: a summary is written before a send looks for it.
  let chain: Promise<void> = Promise.resolve();
  const queued = (work: () => Promise<void>): Promise<void> => {
    const next = chain.then(work).catch((e: unknown) => {
      log.warn('team: a job summary could not be kept or sent', e);
    });
    chain = next;
    return next;
  };

  const account = (): string | null => {
    const m = options.memory;
    if (m === false || m === undefined) return null;
    const name = typeof m.account === 'function' ? m.account() : m.account;
    return name === null || name === DEMO_MEMORY ? null : name;
  };

  /** The store now; null when none is set. A failure to say is not "none": the summary is kept. */
  const store = async (): Promise<TeamStore | null | 'unknown'> => {
    if (!options.team) return null;
    try {
      return await options.team();
    } catch (e) {
      // Said once to the user by the jobs' sharing (coordination/sharing.ts); logged here.
      log.info(
        `team: the team store could not be reached: ${e instanceof Error ? e.message : String(e)}`,
      );
      return 'unknown';
    }
  };

  async function pending(): Promise<{ file: string; account: string; summary: JobSummary }[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const found = [];
    for (const name of names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort()) {
      const file = join(dir, name);
      try {
        const kept = pendingSchema.parse(JSON.parse(await readFile(file, 'utf8')));
        found.push({ file, ...kept });
      } catch (e) {
        // Left where it is for someone to look at; the others are still sent.
        log.warn(`team: the job summary ${file} could not be read`, e);
      }
    }
    return found;
  }

  async function send(): Promise<void> {
    const kept = await pending();
    if (kept.length === 0) return;
    const team = await store();
    if (team === null || team === 'unknown') return;
    // The store comes up to date when the process first opens it (team/current.ts).
    await team.withClient(async (client) => {
      for (const { file, account: owner, summary } of kept) {
        await pushSummary(client, owner, summary);
        await rm(file, { force: true });
      }
    });
  }

  return {
    finished(view) {
      let owner: string | null;
      let summary: JobSummary | null;
      try {
        owner = account();
        summary = owner === null || !options.team ? null : summaryOf(view, who());
      } catch (e) {
        // The job is done whatever happens here.
        log.warn('team: a finished job could not be summed up for the team store', e);
        return;
      }
      if (owner === null || summary === null || !safeName(summary.id)) return;
      void queued(async () => {
        // No store set: a lone user's jobs are nobody else's business, and nothing piles up.
        if ((await store()) === null) return;
        await mkdir(dir, { recursive: true });
        await writeFileAtomic(
          join(dir, `${summary.id}.json`),
          JSON.stringify({ account: owner, summary }),
        );
        await send();
      });
    },
    flush: () => (options.team && account() !== null ? queued(send) : Promise.resolve()),
    idle: () => chain,
  };
}
