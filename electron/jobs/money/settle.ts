// Splitting a job's addresses by what they cost (free-split.ts) and, at the
// start, writing the free ones into its outcome log: answers reused from the
// memory, domains without mail (undeliverable), addresses the user chose not
// to pay for, addresses an avatar check does not cover. What is left is the
// send list the plan is made over, in the plan's order (SendParts).
import type { JobProduct } from '../../common/model';
import type { WithheldView } from '../../common/views/review-views';
import type { OutcomeMemory } from '../../memory/outcome-memory';
import type { AddressBook } from '../storage/address-book';
import type { CostChoices } from './choices';
import {
  costOf,
  emptySplit,
  readFlags,
  tallyCost,
  type AddressCost,
  type AddressFacts,
  type CostRule,
  type SplitCounts,
} from './free-split';
import { addressBook, type Live, type Shared } from '../live';
import type { OutcomeLog, OutcomeRecord } from '../storage/outcomes';
import { openRecalled, recallFor, reusedRecord, reuseFrom } from './reuse';
import { sentBook } from '../run/send-list';
import { COVERAGES, addressCoverage, knowledgeOf } from '../coverage/of-job';
import type { SendParts } from '../run/plan';
import { reasonCodeIn, ruleIn } from '../../lists/judge/withheld';
import { withheldAtImport, withheldNow, withheldTally, type Withheld } from './withheld';

export interface Split {
  counts: SplitCounts;
  /** The indexes of the addresses sent, in the plan's order (SendParts). */
  send: Uint32Array;
  /** How the send list divides: the job's product, domains not known yet, Email. */
  parts: SendParts;
  /** The addresses sent, by position. */
  book: AddressBook;
  /** What each address costs: an index into COSTS. */
  costs: Uint8Array;
  /** What the rule read of each address, to judge one again (settleFree). */
  flags: Uint8Array;
  /** Email + avatar: each address's coverage, an index into COVERAGES; null for Email. */
  coverage: Uint8Array | null;
  rule: CostRule;
  /** What the suppression list and the rules say of each address, and the rules named. */
  withheld: Withheld;
  /** Why addresses were left out by them (or sent by an allow rule), for the review. */
  groups: WithheldView;
}

const COSTS: readonly AddressCost[] = [
  'send',
  'done',
  'reused',
  'noMail',
  'disposable',
  'role',
  'unknownDomain',
  'notCovered',
  'sendEmail',
  'reusedEmail',
  'suppressed',
  'blocked',
];

/** The kinds sent, in the order the send list holds them. */
const SENT: readonly AddressCost[] = ['send', 'unknownDomain', 'sendEmail'];
/** Per cost code, its place in SENT, or -1. */
const SENT_AT = Int8Array.from(COSTS, (c) => SENT.indexOf(c));

/** The send list of the costs: each kind sent, in SENT's order, by index within each. */
function sendListOf(costs: Uint8Array): { send: Uint32Array; parts: SendParts } {
  const n = [0, 0, 0];
  for (const c of costs) {
    const k = SENT_AT[c] as number;
    if (k >= 0) n[k] = (n[k] as number) + 1;
  }
  const [main, unknown, email] = n as [number, number, number];
  const send = new Uint32Array(main + unknown + email);
  const at = [0, main, main + unknown];
  for (let i = 0; i < costs.length; i++) {
    const k = SENT_AT[costs[i] as number] as number;
    if (k >= 0) send[(at[k] as number)++] = i;
  }
  return { send, parts: { main, unknown, email } };
}

/**
 * `from`: the memory itself (the start), or the dates read at import (the
 * estimate: cheap, and at most as old as the import).
 */
export async function splitJob(
  s: Shared,
  l: Live,
  product: JobProduct,
  choices: CostChoices,
  from: 'memory' | 'import',
): Promise<Split> {
  const unique = l.record.unique;
  const book = await addressBook(l);
  const flags = await readFlags(l.list.findings?.findingsPath, unique);
  const rule: CostRule = {
    from: reuseFrom(choices.reuseDays),
    skip: choices.skip,
    others: choices.others,
  };
  const coverage = product === 'avatar' ? addressCoverage(book, await knowledgeOf(s)) : null;
  const outsideCode = COVERAGES.indexOf('outside');
  // An Email answer can serve only an address outside coverage that the user has checked with Email.
  const wantsEmail = (i: number) =>
    coverage !== null && rule.others === 'email' && coverage[i] === outsideCode;
  let reusedAt: (i: number) => number = () => 0;
  let emailAt: (i: number) => number = () => 0;
  const opened: { close(): Promise<void> }[] = [];
  if (rule.from !== null && from === 'import') {
    const path = s.store.paths(l.record.id).recalled;
    const own = await openRecalled(path, unique, product);
    const email =
      coverage && rule.others === 'email' ? await openRecalled(path, unique, 'email') : null;
    if (own) reusedAt = own.at;
    if (email) emailAt = (i) => (wantsEmail(i) ? email.at(i) : 0);
    for (const dates of [own, email]) if (dates) opened.push(dates);
  } else if (rule.from !== null) {
    const memory = await s.memory();
    const days = choices.reuseDays;
    reusedAt = (i) => recallFor(memory, product, book.at(i), days)?.checkedAt ?? 0;
    emailAt = (i) =>
      wantsEmail(i) ? (recallFor(memory, 'email', book.at(i), days)?.checkedAt ?? 0) : 0;
  }
  const withheld =
    from === 'import'
      ? await withheldAtImport(l, choices.ignore)
      : await withheldNow(s, l, choices.ignore);
  const tally = withheldTally(withheld.rules);
  const counts = emptySplit();
  const costs = new Uint8Array(unique);
  try {
    for (let i = 0; i < unique; i++) {
      const done = l.outcomes.has(i);
      const own = done ? 0 : reusedAt(i);
      const email = done || own > 0 ? 0 : emailAt(i);
      const code = withheld.codes[i] as number;
      const facts: AddressFacts = {
        done,
        reusedAt: own,
        emailAt: email,
        flags: flags[i] as number,
        coverage: coverage ? (COVERAGES[coverage[i] as number] ?? 'unknown') : null,
        ...withheldFacts(withheld, code),
      };
      const cost = costOf(facts, rule);
      tallyCost(counts, cost, cost === 'reusedEmail' ? email : own);
      costs[i] = COSTS.indexOf(cost);
      if (cost === 'suppressed') tally.suppressed(reasonCodeIn(code));
      else if (cost === 'blocked') tally.blocked(ruleIn(code));
      else if (facts.rule === 'allow' && SENT.includes(cost)) {
        // Sent because the rule allows it: the review names the rule.
        if (!SENT.includes(costOf({ ...facts, rule: null }, rule))) tally.allowed(ruleIn(code));
      }
    }
  } finally {
    await Promise.all(opened.map((dates) => dates.close()));
  }
  const { send, parts } = sendListOf(costs);
  return {
    counts,
    send,
    parts,
    book: sentBook(book, send),
    costs,
    flags,
    coverage,
    rule,
    withheld,
    groups: tally.groups(),
  };
}

/** The cost rule's facts of an address's withheld code. */
function withheldFacts(
  withheld: Withheld,
  code: number,
): Pick<AddressFacts, 'suppressed' | 'rule'> {
  const index = ruleIn(code);
  return {
    suppressed: reasonCodeIn(code) !== 0,
    rule: index >= 0 ? (withheld.rules[index]?.action ?? null) : null,
  };
}

const FREE_STATUS = {
  noMail: 'undeliverable',
  disposable: 'disposable',
  role: 'role',
  notCovered: 'not_covered',
  suppressed: 'suppressed',
  blocked: 'blocked',
} as const;

const isFree = (cost: AddressCost): cost is keyof typeof FREE_STATUS => cost in FREE_STATUS;

/**
 * Writes the free outcomes of a split into the job's log and table. An answer
 * the memory no longer gives (forgotten since the split) is judged again
 * without it: returns the send list and its parts, new when that sends more.
 */
export async function settleFree(
  l: Live,
  split: Split,
  outcomeLog: OutcomeLog,
  memory: OutcomeMemory,
  product: JobProduct,
  reuseDays: number,
): Promise<{ send: Uint32Array; parts: SendParts }> {
  const book = await addressBook(l);
  let changed = false;
  let batch: OutcomeRecord[] = [];
  const flush = async () => {
    await outcomeLog.append(batch);
    for (const r of batch) l.outcomes.set(r);
    batch = [];
  };
  for (let i = 0; i < split.costs.length; i++) {
    let cost = COSTS[split.costs[i] as number] as AddressCost;
    if (cost === 'reused' || cost === 'reusedEmail') {
      const found = recallFor(memory, cost === 'reused' ? product : 'email', book.at(i), reuseDays);
      if (found) {
        batch.push(reusedRecord(i, found));
      } else {
        cost = costOf(
          {
            done: false,
            reusedAt: 0,
            emailAt: 0,
            flags: split.flags[i] as number,
            coverage: split.coverage ? (COVERAGES[split.coverage[i] as number] ?? null) : null,
            ...withheldFacts(split.withheld, split.withheld.codes[i] as number),
          },
          split.rule,
        );
        split.costs[i] = COSTS.indexOf(cost);
        changed ||= SENT.includes(cost);
      }
    }
    if (isFree(cost)) batch.push({ index: i, status: FREE_STATUS[cost], origin: 'local' });
    if (batch.length >= 8192) await flush();
  }
  await flush();
  return changed ? sendListOf(split.costs) : { send: split.send, parts: split.parts };
}
