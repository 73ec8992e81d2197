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
import { open, readFile } from 'node:fs/promises';
import { z } from 'zod';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  createMailDomainCheck,
  type MailDomainCheckOptions,
  type MailVerdict,
} from '../../checks/dns';
import { writeFileAtomic } from '../../lib/files/atomic-file';
import { createFindingsJudge, type JudgedFindings } from './findings-judge';
import type { ListFindings } from '../types';
import { wholeLineChunks } from '../../lib/files/whole-lines';

/** The address's domain answers that it cannot receive mail (null MX, or no MX, A nor AAAA). */
export const NO_MAIL = 16;

export const FINDINGS_FILE = 'findings.bin';
export const SUGGESTIONS_FILE = 'suggestions.json';
/** How long the DNS may hold the list up once it is read, at most. */
export const DNS_DEADLINE_MS = 2000;

export interface FreeCheckOptions {
  /** The job's folder, where findings.bin and suggestions.json are written. */
  dir: string;
  /** How the domains are looked up (servers, canary, cache folder); false asks no DNS. */
  dns?: MailDomainCheckOptions | false;
  deadlineMs?: number;
  signal?: AbortSignal;
}

/**
 * Bytes of the address file read at a time: its text stays an ordinary young
 * string (see TEXT_CHUNK in encoding.ts), and a file of any length is read
 * in the same few kilobytes.
 */
const LINES_CHUNK = 64 * 1024;

/**
 * Calls `each` with every line of the address file (one unique address each)
 * and its number, a chunk of the file at a time, and `afterChunk` after each
 * chunk, then a turn of the event loop (DNS answers are taken in, an abort is
 * seen). A last line without its line end is not an address.
 */
async function eachLine(
  path: string,
  each: (line: string, i: number) => void,
  afterChunk: () => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  const handle = await open(path, 'r');
  try {
    let i = 0;
    for await (const { bytes, end } of wholeLineChunks(handle, LINES_CHUNK)) {
      const text = bytes.toString('utf8', 0, end);
      for (let from = 0; from < text.length;) {
        const lf = text.indexOf('\n', from);
        each(text.slice(from, lf), i++);
        from = lf + 1;
      }
      afterChunk();
      await nextTurn();
      if (signal?.aborted) throw signal.reason;
    }
  } finally {
    await handle.close();
  }
}

/**
 * Judges each line of the address file, handing the domains of the first
 * chunk to `early` at once, so the DNS starts (its canary first) while the
 * rest are judged.
 */
async function judgeFile(
  path: string,
  early: (domains: string[]) => void,
  signal: AbortSignal | undefined,
): Promise<JudgedFindings> {
  const judge = createFindingsJudge(1024);
  let first = true;
  await eachLine(
    path,
    (line) => judge.add(line),
    () => {
      if (first) early(judge.freshDomains());
      first = false;
    },
    signal,
  );
  return judge.done();
}

/** Sets NO_MAIL on the addresses at `noMail` domains; returns how many. */
async function markNoMail(
  path: string,
  flags: Uint8Array,
  noMail: Set<string>,
  signal: AbortSignal | undefined,
): Promise<number> {
  let marked = 0;
  await eachLine(
    path,
    (address, i) => {
      if (noMail.has(address.slice(address.lastIndexOf('@') + 1))) {
        flags[i] = (flags[i] as number) | NO_MAIL;
        marked += 1;
      }
    },
    () => undefined,
    signal,
  );
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
      let judged: JudgedFindings;
      try {
        judged = given ?? (await judgeFile(addressesPath, lookUp, signal));
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
        noMail = await markNoMail(addressesPath, flags, noMailDomains, signal);
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
