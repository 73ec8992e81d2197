// The free checks of an imported list, worked out once when it becomes a job,
// so the review can say before anything is paid for which addresses are role
// mailboxes, disposable, free webmail, likely typos (with the address probably
// meant) or at domains that cannot receive mail. The import's worker judges
// each unique address as it writes the address file (findings-judge.ts), and
// the distinct domains are asked of the DNS (checks/dns.ts) as it meets them,
// while the list is still being read; once it is read, the DNS holds it up
// two seconds at most. A list read without that is judged from its address
// file (one normalized unique address per line, in first-seen order). A
// machine whose DNS cannot be believed (the canary fails) finds no "no mail
// server" at all: it says so, and sends as before.
//
// What is kept beside the address file, in the job's folder:
// - findings.bin: one byte per unique address, ROLE | DISPOSABLE | FREE | TYPO
//   (checks/findings.ts) and NO_MAIL below; written atomically.
// - suggestions.json: every typo suggestion, as [unique index, address meant].
// - the summary (counts, the DNS's state, the first suggestions), on the list.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  createMailDomainCheck,
  type MailDomainCheckOptions,
  type MailVerdict,
} from '../checks/dns';
import { writeFileAtomic } from '../lib/atomic-file';
import { createFindingsJudge, type JudgedFindings } from './findings-judge';
import type { ListFindings } from './types';

/** The address's domain answers that it cannot receive mail (null MX, or no MX, A nor AAAA). */
export const NO_MAIL = 16;

export const FINDINGS_FILE = 'findings.bin';
export const SUGGESTIONS_FILE = 'suggestions.json';
/** How long the DNS may hold the list up once it is read, at most. */
export const DNS_DEADLINE_MS = 2000;

/** Addresses judged between two turns of the event loop, so DNS answers are taken in. */
const BATCH = 16_384;

export interface FreeCheckOptions {
  /** The job's folder, where findings.bin and suggestions.json are written. */
  dir: string;
  /** How the domains are looked up (servers, canary, cache folder); false asks no DNS. */
  dns?: MailDomainCheckOptions | false;
  deadlineMs?: number;
  signal?: AbortSignal;
}

/** The lines of the address file (one unique address each), without the last line end. */
function addressLines(bytes: Buffer): string[] {
  const lines = bytes.toString('utf8').split('\n');
  lines.pop();
  return lines;
}

/**
 * Judges each line of the address file, handing the domains of the first
 * batch to `early` at once, so the DNS starts (its canary first) while the
 * rest are judged.
 */
async function judgeFile(
  lines: readonly string[],
  early: (domains: string[]) => void,
  signal: AbortSignal | undefined,
): Promise<JudgedFindings> {
  const judge = createFindingsJudge(lines.length);
  for (let i = 0; i < lines.length; i++) {
    if (i % BATCH === BATCH - 1) {
      if (i === BATCH - 1) early(judge.freshDomains());
      // A turn of the event loop: DNS answers are taken in, an abort is seen.
      await nextTurn();
      if (signal?.aborted) throw signal.reason;
    }
    judge.add(lines[i] as string);
  }
  return judge.done();
}

/** Sets NO_MAIL on the addresses at `noMail` domains; returns how many. */
function markNoMail(lines: readonly string[], flags: Uint8Array, noMail: Set<string>): number {
  let marked = 0;
  for (let i = 0; i < lines.length; i++) {
    const address = lines[i] as string;
    if (noMail.has(address.slice(address.lastIndexOf('@') + 1))) {
      flags[i] = (flags[i] as number) | NO_MAIL;
      marked += 1;
    }
  }
  return marked;
}

/** What the free checks of one list need once it is read; see freeChecksOf. */
export interface FreeChecks {
  /** Starts the look-ups of domains met while the list is read. */
  lookUp(domains: readonly string[]): void;
  /**
   * Judges the addresses (unless `judged` holds them already, in the address
   * file's order), waits for the DNS at most `deadlineMs` more, keeps
   * findings.bin and suggestions.json in `dir`, and returns the summary.
   */
  finish(addressesPath: string, judged?: JudgedFindings): Promise<ListFindings>;
  /** Stops the look-ups: the list was not read after all. */
  abandon(): Promise<void>;
}

/**
 * The free checks of one list, begun before it is read: the DNS looks its
 * domains up as the import meets them, and once it is read holds it up for
 * `deadlineMs` (DNS_DEADLINE_MS) at most, using what has arrived.
 */
export function freeChecksOf(options: FreeCheckOptions): FreeChecks {
  const checker = options.dns === false ? null : createMailDomainCheck(options.dns ?? {});
  const signal = options.signal;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    // No look-up may keep the process (the command line's) alive afterwards.
    await checker?.close().catch(() => undefined);
  };
  const lookUp = (domains: readonly string[]) => {
    if (!checker || closed || domains.length === 0) return;
    // Not waited for: the look-ups go on past this call's deadline, into the
    // checker's cache and its shared look-ups, which finish reads.
    void checker.check(domains, { ...(signal ? { signal } : {}), deadlineMs: DNS_DEADLINE_MS });
  };
  return {
    lookUp,
    abandon: close,
    async finish(addressesPath, given) {
      const started = performance.now();
      let lines: string[] | null = null;
      let judged: JudgedFindings;
      try {
        if (given) judged = given;
        else {
          lines = addressLines(await readFile(addressesPath));
          judged = await judgeFile(lines, lookUp, signal);
        }
      } catch (err) {
        await close();
        throw err;
      }
      let answers: Map<string, MailVerdict> | null = null;
      try {
        if (checker) {
          const deadlineMs = options.deadlineMs ?? DNS_DEADLINE_MS;
          answers = await checker.check(judged.domains, {
            ...(signal ? { signal } : {}),
            deadlineMs: Math.max(0, deadlineMs - (given ? 0 : performance.now() - started)),
          });
        }
      } finally {
        await close();
      }
      const noMailDomains = new Set<string>();
      let told = 0;
      for (const domain of judged.domains) {
        const verdict = answers?.get(domain) ?? 'unknown';
        if (verdict !== 'unknown') told += 1;
        if (verdict === 'no-mail') noMailDomains.add(domain);
      }
      const { flags } = judged;
      let noMail = 0;
      if (noMailDomains.size > 0) {
        lines ??= addressLines(await readFile(addressesPath));
        noMail = markNoMail(lines, flags, noMailDomains);
      }
      const count = judged.domains.length;
      const findingsPath = join(options.dir, FINDINGS_FILE);
      const suggestionsPath = join(options.dir, SUGGESTIONS_FILE);
      await writeFileAtomic(findingsPath, flags);
      await writeFileAtomic(suggestionsPath, JSON.stringify(judged.suggestions));
      return {
        ...judged.stats,
        noMail,
        domains: count,
        domainsUnknown: count - told,
        // Nothing told at all: no answer can be believed here (offline, a resolver denying everything).
        dns: answers !== null && (told > 0 || count === 0) ? 'checked' : 'unavailable',
        suggestions: judged.kept,
        findingsPath,
        suggestionsPath,
      };
    },
  };
}

/** Judges every unique address in `addressesPath`: freeChecksOf for a list already read. */
export function runFreeChecks(
  addressesPath: string,
  options: FreeCheckOptions,
): Promise<ListFindings> {
  return freeChecksOf(options).finish(addressesPath);
}

const suggestionsFile = z.array(z.tuple([z.number().int().min(0), z.string()]));

/**
 * The addresses probably meant, by unique index, as runFreeChecks kept them;
 * a file that is missing or damaged gives none (the export still works).
 */
export async function readSuggestions(path: string): Promise<Map<number, string>> {
  try {
    const parsed = suggestionsFile.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return new Map(parsed.success ? parsed.data : []);
  } catch {
    return new Map();
  }
}
