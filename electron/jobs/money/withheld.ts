// What keeps a job's addresses from being sent besides the free checks: the
// account's suppression list and the user's allow and block rules. Read at
// import (the rules by the worker, lists/judge/withheld-judge.ts; the list in the
// pass that reads the memory) for the review, and again at the start and the
// sample from the list and the rules as they are then, so a bounce report or
// a rule added since the import is never paid for.
import type { WithheldView } from '../../common/views/review-views';
import { SUPPRESSION_REASONS } from '../../suppression/types';
import { suppressionDir } from '../../suppression/store';
import type { Spots } from '../../lib/addresses/address-hash';
import { spotsInParts } from '../../memory/recall-list';
import { readWithheld, withReason, withoutParts, writeWithheld } from '../../lists/judge/withheld';
import { rulesOfAddressFile } from '../../lists/judge/withheld-judge';
import { describeRule } from '../../rules/match';
import { readRules } from '../../rules/store';
import type { Rule } from '../../rules/types';
import { memoryAccountNow } from './memory';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { log } from '../../lib/log';
import { noSuppression, type AccountSuppression } from '../../suppression/account';
import type { IgnoreChoice } from './choices';
import type { Live, Shared } from '../live';

/** Where the user's rules and the account's suppression list live. */
const userDir = (s: Pick<Shared, 'options'>): string => s.options.userDataDir ?? s.options.dataDir;

/**
 * The account's list for a job. One that cannot be opened stops the job (it
 * would send what the user suppressed), unless no list was ever kept here:
 * then nothing is suppressed (a build without the database library).
 */
async function listFor(s: Pick<Shared, 'suppression' | 'options'>): Promise<AccountSuppression> {
  const kept = existsSync(join(suppressionDir(userDir(s)), 'data.mdb'));
  try {
    return await s.suppression();
  } catch (err) {
    if (kept) throw err;
    log.info('jobs: no suppression list here, and none can be opened: nothing is suppressed');
    return noSuppression;
  }
}

/**
 * What the import asks: the rules for its worker, and the account's list when
 * it has one, read in the pass that reads the memory (addReasons); null when
 * there is neither a list nor a rule.
 */
export async function withheldAsked(
  s: Shared,
): Promise<{ rules: Rule[]; list: AccountSuppression | null } | null> {
  const account = memoryAccountNow(s.options);
  const rules = await readRules(userDir(s));
  const list = account === null ? null : await listFor(s);
  const listed = list !== null && (await list.count()) > 0;
  if (!listed && rules.length === 0) return null;
  return { rules, list: listed ? list : null };
}

/**
 * Adds the suppression list's reasons to `codes` a part of the list at a
 * time, given each part's hashes. A list that cannot be read leaves the
 * review without them (the start reads it again, and stops if it still cannot).
 */
export function addReasons(
  list: AccountSuppression,
  codes: Uint32Array,
): (first: number, spots: Spots) => Promise<void> {
  let failed = false;
  const add = reasonsInto(list, codes);
  return async (first, spots) => {
    if (failed) return;
    try {
      await add(first, spots);
    } catch (err) {
      failed = true;
      log.warn('jobs: the suppression list could not be read for this list', err);
    }
  };
}

/** Adds the list's reasons of each part's addresses to `codes`; a list that cannot be read throws. */
const reasonsInto =
  (list: AccountSuppression, codes: Uint32Array) =>
  async (first: number, spots: Spots): Promise<void> => {
    const reasons = await list.reasonsOf(spots);
    for (let k = 0; k < reasons.length; k++) {
      const reason = reasons[k] as number;
      if (reason !== 0) codes[first + k] = withReason(codes[first + k] as number, reason);
    }
  };

/** A job's codes and the rules they name. */
export interface Withheld {
  codes: Uint32Array;
  rules: readonly Rule[];
}

/** As judged at import (the estimate: cheap, and at most as old as the import). */
export async function withheldAtImport(l: Live, ignore: IgnoreChoice): Promise<Withheld> {
  const kept = l.list.withheld;
  const codes = await readWithheld(kept?.withheldPath, l.record.unique);
  if (ignore.suppression || ignore.rules) {
    const drop = { reason: ignore.suppression, rule: ignore.rules };
    for (let i = 0; i < codes.length; i++) codes[i] = withoutParts(codes[i] as number, drop);
  }
  return { codes, rules: ignore.rules ? [] : (kept?.rules ?? []) };
}

/**
 * Judged now, from the list and the rules as they are, and kept with the job
 * (withheld.bin and the rules in list.json) so its rows and its export say
 * why each address was left out.
 */
export async function withheldNow(s: Shared, l: Live, ignore: IgnoreChoice): Promise<Withheld> {
  const unique = l.record.unique;
  const rules = ignore.rules ? [] : await readRules(userDir(s));
  const list = await listFor(s);
  const listed = !ignore.suppression && (await list.count()) > 0;
  // As at import, from the address file; here a list that cannot be read stops the start.
  const codes =
    rules.length > 0
      ? await rulesOfAddressFile(l.list.addressesPath, rules, unique)
      : new Uint32Array(unique);
  if (listed) await spotsInParts(l.list.addressesPath, reasonsInto(list, codes));
  const path = s.store.paths(l.record.id).withheld;
  await writeWithheld(path, codes);
  l.list.withheld = { withheldPath: path, rules };
  await s.store.saveList(l.record.id, l.list);
  return { codes, rules };
}

/** Counts by reason and by rule, as the split adds them up. */
export function withheldTally(rules: readonly Rule[]) {
  const reasons = new Array<number>(SUPPRESSION_REASONS.length).fill(0);
  const blocked = new Map<number, number>();
  const allowed = new Map<number, number>();
  const bump = (m: Map<number, number>, k: number) => m.set(k, (m.get(k) ?? 0) + 1);
  const byRule = (m: Map<number, number>) =>
    [...m]
      .map(([k, count]) => ({ rule: rules[k] ? describeRule(rules[k]) : '', count }))
      .sort((a, b) => b.count - a.count);
  return {
    suppressed(reasonCode: number) {
      reasons[reasonCode - 1] = (reasons[reasonCode - 1] ?? 0) + 1;
    },
    blocked: (rule: number) => bump(blocked, rule),
    allowed: (rule: number) => bump(allowed, rule),
    groups(): WithheldView {
      return {
        suppressed: SUPPRESSION_REASONS.map((reason, k) => ({ reason, count: reasons[k] ?? 0 }))
          .filter((g) => g.count > 0)
          .sort((a, b) => b.count - a.count),
        blocked: byRule(blocked),
        allowed: byRule(allowed),
      };
    },
  };
}
