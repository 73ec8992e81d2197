// The lists benchmark's steps on a full outcome memory (issue 16), run in
// lists-child.ts: seeding a memory of 5,000,000 outcomes once, untimed, and
// the import of the 1,000,000-row list with every local check and then the
// recall of each of its addresses from that memory, timed as one.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { freeChecksOf } from '../../electron/lists/judge/free-checks';
import type { JudgedFindings } from '../../electron/lists/judge/findings-judge';
import { importList } from '../../electron/lists/read/read';
import type { AddressOutcome } from '../../electron/lists/types';
import { memoryDir, openOutcomeMemory } from '../../electron/memory/outcome-memory';
import type { Spots } from '../../electron/lib/addresses/address-hash';
import { recallAtImport } from '../../electron/jobs/money/reuse';
import { addressOf } from './lists-data';
import type { Rule } from '../../electron/rules/types';
import {
  joinCodes,
  reasonCodeIn,
  ruleIn,
  writeWithheld,
} from '../../electron/lists/judge/withheld';
import { addReasons } from '../../electron/jobs/money/withheld';
import { localSuppression } from '../../electron/suppression/account';
import { openSuppressionStore } from '../../electron/suppression/store';

/** Outcomes the memory holds before the list is imported, at full size (5 per row of the list). */
export const MEMORY_OUTCOMES = 5_000_000;
/** Kept as this many jobs would have kept them, one remember each, a little older each time. */
const JOBS = 10;
const DAY = 86_400;
/** Days between two of those jobs: the oldest ones fall outside recallList's year. */
const DAYS_APART = 45;

const FIRST = [
  'anne',
  'bruno',
  'carla',
  'dmitri',
  'emma',
  'farid',
  'grace',
  'hiro',
  'ines',
  'jose',
];
const LAST = ['martin', 'bernard', 'dubois', 'smith', 'garcia', 'muller', 'rossi', 'nowak', 'sato'];
const DOMAIN = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.fr',
  'web.de',
  'example.org',
  'company.co.uk',
  'mail.ru',
];
const PROVIDERS = ['gmail', 'yahoo', 'outlook', 'provider_code_1', ''];

/**
 * The k-th address of the memory: one in ten is one of the list's (every
 * other row of the list, so about half of its addresses are known), the rest
 * addresses of other lists, spread over the same names and domains (numbers
 * from 1,000,000 on, which the list's rows never reach).
 */
export function memoryAddress(k: number): string {
  if (k % 10 === 0) {
    const row = (k / 10) * 2;
    return addressOf(row + (k % 20 === 0 ? 0 : 1));
  }
  // A different number for every k (odd multipliers are one-to-one on 32 bits).
  const n = 1_000_000 + (Math.imul(k, 0x9e3779b1) >>> 0);
  return `${FIRST[k % 10]}${k % 3 === 0 ? '_' : '.'}${LAST[(k >> 3) % 9]}${n}@${DOMAIN[(k >> 2) % 8]}`;
}

/**
 * Fills a new memory in `dataDir` with `outcomes` answers (MEMORY_OUTCOMES at
 * full size), one job's worth per remember: nine in ten jobs checked email,
 * one (the fourth) email + avatar; the oldest job is more than a year old.
 */
export async function seedMemory(
  dataDir: string,
  outcomes = MEMORY_OUTCOMES,
): Promise<{ stored: number; fileBytes: number }> {
  const memory = await openOutcomeMemory(dataDir);
  if (!memory.available) throw new Error('the memory could not be opened');
  const perJob = Math.ceil(outcomes / JOBS);
  const now = Math.floor(Date.now() / 1000);
  let stored = 0;
  for (let job = 0; job < JOBS; job++) {
    function* answers(): Generator<[string, AddressOutcome]> {
      for (let k = job * perJob; k < (job + 1) * perJob; k++) {
        yield [
          memoryAddress(k),
          k % 7 === 0
            ? { status: 'undeliverable', provider: '' }
            : { status: 'deliverable', provider: PROVIDERS[k % 5] ?? null },
        ];
      }
    }
    const product = job === 3 ? 'avatar' : 'email';
    const kept = await memory.remember(product, answers(), now - job * DAYS_APART * DAY);
    stored += kept.stored;
  }
  await memory.close();
  const fileBytes = (await stat(join(memoryDir(dataDir), 'data.mdb'))).size;
  return { stored, fileBytes };
}

export interface ImportChecked {
  ms: number;
  rows: number;
  importMs: number;
  freeChecksMs: number;
  recallMs: number;
  unique: number;
  /** Addresses with an answer that could serve an email check, and an avatar check. */
  knownEmail: number;
  knownAvatar: number;
  /** import-suppressed: addresses on the suppression list, and decided by a rule. */
  withheld?: { suppressed: number; ruled: number };
}

/**
 * A list becoming a job as electron/jobs/import.ts makes it, and then what the
 * memory knows of it: import (its worker hashing the addresses and running the
 * free checks), the rest of the free checks without the DNS, the memory's
 * dates of the hashed addresses.
 * The memory is opened first, untimed: the app keeps it open.
 */
export async function importChecked(
  path: string,
  workDir: string,
  dataDir: string,
  /**
   * Also the user's rules (the worker decides them) and the account's
   * suppression list (read in the memory's pass), as the app applies them
   * (jobs/import.ts; lists-suppressed.ts). The list is opened before the
   * clock starts, as the app keeps it open.
   */
  withheld?: { dataDir: string; account: string; rules: Rule[] },
): Promise<ImportChecked> {
  const memory = await openOutcomeMemory(dataDir);
  if (!memory.available) throw new Error('the memory could not be opened');
  const withheldCounts = { suppressed: 0, ruled: 0 };
  const suppression = withheld
    ? await openSuppressionStore(withheld.dataDir, { account: withheld.account })
    : null;
  try {
    const started = performance.now();
    const checks = freeChecksOf({ dir: workDir, dns: false });
    let spots: Spots | undefined;
    let judged: JudgedFindings | undefined;
    let ruled: Promise<Uint32Array> | undefined;
    const list = await importList(path, {
      workDir,
      onAddressSpots: (given) => (spots = given),
      findings: { onDomains: checks.lookUp, onFindings: (given) => (judged = given) },
      ...(withheld
        ? { withheld: { rules: withheld.rules, onWithheld: (given) => (ruled = given) } }
        : {}),
    });
    if (withheld && !ruled) throw new Error('the rules judged no list');
    const codes = withheld ? new Uint32Array(list.counts.unique) : null;
    // As jobs/import.ts: the suppression list is read in the memory's pass,
    // from its hashes, while the worker decides the rules.
    const reasons = suppression && codes ? addReasons(localSuppression(suppression), codes) : null;
    if (!judged) throw new Error('the import gave no findings of its addresses');
    const imported = performance.now();
    // As the app does (jobs/money/reuse.ts, recallAtImport): the memory is read
    // while the free checks finish (the DNS's last answers), from the hashes the
    // worker made, or, for a list past its in-memory part, from the address
    // file a part at a time; the dates and the spots are kept beside the job. Each part's end, both from the import's end.
    const ends = { checks: 0, recall: 0 };
    const paths = { recalled: join(workDir, 'recalled.bin'), spots: join(workDir, 'spots.bin') };
    const recall = recallAtImport(memory, list, paths, spots, reasons ?? undefined);
    const [findings, , rules] = await Promise.all([
      checks.finish(list.addressesPath, judged).finally(() => (ends.checks = performance.now())),
      recall.finally(() => (ends.recall = performance.now())),
      ruled,
    ]);
    // As the app keeps them (jobs/import.ts).
    if (codes) {
      if (rules) joinCodes(codes, rules);
      await writeWithheld(join(workDir, 'withheld.bin'), codes);
    }
    list.findings = findings;
    const ended = performance.now();
    // Counted for the report, after the clock stops, as `dated` is checked.
    if (codes) {
      withheldCounts.suppressed = codes.reduce((n, c) => n + (reasonCodeIn(c) !== 0 ? 1 : 0), 0);
      withheldCounts.ruled = codes.reduce((n, c) => n + (ruleIn(c) !== -1 ? 1 : 0), 0);
    }
    const dates = new Uint32Array((await readFile(paths.recalled)).buffer.slice(0));
    const dated = dates.length / 2;
    let knownEmail = 0;
    let knownAvatar = 0;
    for (let i = 0; i < dated; i++) {
      if (dates[i] !== 0) knownEmail += 1;
      if (dates[dated + i] !== 0) knownAvatar += 1;
    }
    if (dated !== list.counts.unique) {
      throw new Error(`the memory gave ${dated} dates for ${list.counts.unique}`);
    }
    return {
      ms: ended - started,
      rows: list.counts.rows,
      importMs: imported - started,
      freeChecksMs: ends.checks - imported,
      recallMs: ends.recall - imported,
      unique: list.counts.unique,
      knownEmail,
      knownAvatar,
      ...(withheld ? { withheld: withheldCounts } : {}),
    };
  } finally {
    await memory.close();
    await suppression?.close();
  }
}
