// The free checks of an imported list, worked out once when it becomes a job,
// so the review can say before anything is paid for which addresses are role
// mailboxes, disposable, free webmail, likely typos (with the address probably
// meant) or at domains that cannot receive mail. The addresses are read from
// the import's address file (one normalized unique address per line, in
// first-seen order) and judged one by one (checks/findings.ts); their distinct
// domains are asked of the DNS (checks/dns.ts) while that goes on, for about
// two seconds at most. A machine whose DNS cannot be believed (the canary
// fails) finds no "no mail server" at all: it says so, and sends as before.
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
import { createFindings } from '../checks/findings';
import { writeFileAtomic } from '../lib/atomic-file';
import type { ListFindings } from './types';

/** The address's domain answers that it cannot receive mail (null MX, or no MX, A nor AAAA). */
export const NO_MAIL = 16;

export const FINDINGS_FILE = 'findings.bin';
export const SUGGESTIONS_FILE = 'suggestions.json';
/** Suggestions kept on the list for the review and the command line; all go to the file. */
export const SUGGESTIONS_KEPT = 20;
/** How long the DNS may hold the import up, at most. */
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

/** The distinct domains as the findings meet them, handed to the DNS in batches. */
function createDomainList() {
  const seen = new Set<string>();
  const names: string[] = [];
  let sent = 0;
  return {
    names,
    add(domain: string): void {
      // Told again only after the findings' cache started again: rare.
      if (seen.has(domain)) return;
      seen.add(domain);
      names.push(domain);
    },
    /** The domains not handed out yet. */
    unsent(): string[] {
      const fresh = names.slice(sent);
      sent = names.length;
      return fresh;
    },
  };
}

type DomainList = ReturnType<typeof createDomainList>;

interface Judged {
  flags: Uint8Array;
  /** Every suggestion, as [unique index, address meant]. */
  suggestions: Array<[number, string]>;
  kept: ListFindings['suggestions'];
  stats: { role: number; disposable: number; free: number; typo: number };
}

/**
 * Judges each address. The domains met in the first batch go to `early` at
 * once, so the DNS starts (its canary first) while the rest are judged.
 */
async function judgeAll(
  lines: readonly string[],
  domains: DomainList,
  early: (found: string[]) => void,
  signal: AbortSignal | undefined,
): Promise<Judged> {
  const findings = createFindings({ onDomain: domains.add });
  const flags = new Uint8Array(lines.length);
  const suggestions: Array<[number, string]> = [];
  const kept: ListFindings['suggestions'] = [];
  for (let i = 0; i < lines.length; i++) {
    if (i % BATCH === BATCH - 1) {
      if (i === BATCH - 1) early(domains.unsent());
      // A turn of the event loop: DNS answers are taken in, an abort is seen.
      await nextTurn();
      if (signal?.aborted) throw signal.reason;
    }
    const address = lines[i] as string;
    const found = findings.of(address);
    if (found === null) continue;
    flags[i] = found.flags;
    if (found.suggestion !== null) {
      suggestions.push([i, found.suggestion]);
      if (kept.length < SUGGESTIONS_KEPT) {
        kept.push({ index: i, address, suggestion: found.suggestion });
      }
    }
  }
  const { role, disposable, free, typo } = findings.stats();
  return { flags, suggestions, kept, stats: { role, disposable, free, typo } };
}

/** Sets NO_MAIL on the addresses at `noMail` domains; returns how many. */
function markNoMail(lines: readonly string[], flags: Uint8Array, noMail: Set<string>): number {
  if (noMail.size === 0) return 0;
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

/**
 * The DNS, asked in two calls: the domains found first (while the rest are
 * judged) and then the others, all within one deadline from the first call.
 * Resolves to every verdict, or null when the DNS is not to be asked.
 */
function createLookUps(options: FreeCheckOptions) {
  if (options.dns === false) {
    return { ask: () => undefined, verdicts: () => Promise.resolve(null) };
  }
  const checker = createMailDomainCheck(options.dns ?? {});
  const deadline = performance.now() + (options.deadlineMs ?? DNS_DEADLINE_MS);
  const calls: Promise<Map<string, MailVerdict>>[] = [];
  return {
    ask(domains: string[]): void {
      if (domains.length === 0) return;
      calls.push(
        checker.check(domains, {
          deadlineMs: Math.max(0, deadline - performance.now()),
          ...(options.signal ? { signal: options.signal } : {}),
        }),
      );
    },
    async verdicts(): Promise<Map<string, MailVerdict> | null> {
      try {
        const all = new Map<string, MailVerdict>();
        for (const answers of await Promise.all(calls)) {
          for (const [domain, verdict] of answers) all.set(domain, verdict);
        }
        return all;
      } catch {
        return null;
      } finally {
        // No look-up may keep the process (the command line's) alive afterwards.
        await checker.close().catch(() => undefined);
      }
    },
  };
}

/**
 * Judges every unique address in `addressesPath`, keeps findings.bin and
 * suggestions.json in `options.dir`, and returns the summary for the list.
 */
export async function runFreeChecks(
  addressesPath: string,
  options: FreeCheckOptions,
): Promise<ListFindings> {
  const lines = addressLines(await readFile(addressesPath));
  const domains = createDomainList();
  const dns = createLookUps(options);
  let judged: Judged;
  try {
    judged = await judgeAll(lines, domains, dns.ask, options.signal);
  } catch (err) {
    await dns.verdicts();
    throw err;
  }
  dns.ask(domains.unsent());
  const answers = await dns.verdicts();

  const noMailDomains = new Set<string>();
  let told = 0;
  for (const domain of domains.names) {
    const verdict = answers?.get(domain) ?? 'unknown';
    if (verdict !== 'unknown') told += 1;
    if (verdict === 'no-mail') noMailDomains.add(domain);
  }
  const { flags } = judged;
  const noMail = markNoMail(lines, flags, noMailDomains);
  const count = domains.names.length;

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
