// Coordination through the data folder, for the processes of one machine
// (the app beside a scheduled `list-cleaner`) when there is no team store, or
// while it cannot be reached. A small LMDB database of its own in
// <dataDir>/coordination: its write transactions are serialized across
// processes, which is all the slots and claims need. A holder counts while its
// process runs and renews its entry (holder.ts): one killed frees what it held
// at once, one frozen within a lease.
//
// What it holds only matters while processes run, so it is written without
// syncing to disk, and one that cannot be opened (damaged by a power cut) is
// set aside for a new one: nothing paid for is in it.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RootDatabase } from 'lmdb';
import type { JobProduct } from '../common/model';
import { log } from '../lib/log';
import { serves, type ClaimAnswer, type ClaimState, type CoordinationBackend } from './backend';
import { grants, type HeldSlot, type Limits, type SlotKind, type Waiter } from './fair';
import { ANSWERED_MS, LEASE_MS, WAITER_MS, aliveHere } from './holder';

interface SlotsDoc {
  held: (HeldSlot & { expires: number })[];
  waiting: (Waiter & { expires: number })[];
}

interface ClaimDoc {
  holder: string;
  product: JobProduct;
  answer?: ClaimAnswer;
  /** Until when an answer is told (ms). */
  expires?: number;
}

export const coordinationDir = (dataDir: string): string => join(dataDir, 'coordination');

async function openDb(dir: string): Promise<RootDatabase> {
  const { open } = await import('lmdb');
  const options = { path: dir, noSync: true, encoding: 'json' as const, maxDbs: 1 };
  await mkdir(dir, { recursive: true });
  try {
    const db = open(options);
    db.get('probe');
    return db;
  } catch (err) {
    log.warn(`coordination: ${dir} could not be opened; a new one is started`, err);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return open(options);
  }
}

/** The process part of a holder ("machine:pid:random", before a run's "/job"). */
const processPart = (holder: string): string => holder.split('/')[0] as string;

export async function openLocalCoordination(
  dataDir: string,
  account: string,
  limits: Limits,
): Promise<CoordinationBackend> {
  const db = await openDb(coordinationDir(dataDir));
  const slotsKey = `slots/${account}`;
  const claimKey = (hash: Buffer) => `claim/${account}/${hash.toString('hex')}`;
  const procKey = (holder: string) => `proc/${processPart(holder)}`;
  // The unanswered claims each run of this process holds, so letGo finds them.
  const runsClaims = new Map<string, Set<string>>();
  let lastSweep = 0;

  const alive = (holder: string, now: number): boolean => {
    if (!aliveHere(holder)) return false;
    const renewed = db.get(procKey(holder)) as number | undefined;
    return renewed !== undefined && renewed + LEASE_MS > now;
  };
  const slotsNow = (now: number): SlotsDoc => {
    const doc = (db.get(slotsKey) as SlotsDoc | undefined) ?? { held: [], waiting: [] };
    return {
      held: doc.held.filter((h) => h.expires > now && alive(h.holder, now)),
      waiting: doc.waiting.filter((w) => w.expires > now && alive(w.holder, now)),
    };
  };
  const changeSlots = <T>(change: (doc: SlotsDoc, now: number) => T): T =>
    db.transactionSync(() => {
      const now = Date.now();
      const doc = slotsNow(now);
      const result = change(doc, now);
      db.putSync(slotsKey, doc);
      return result;
    });

  return {
    where: 'data folder',

    async takeSlot(ticket, holder, kind: SlotKind, since) {
      return changeSlots((doc, now) => {
        if (doc.held.some((h) => h.ticket === ticket)) return true;
        const waiter = doc.waiting.find((w) => w.ticket === ticket);
        if (waiter) waiter.expires = now + WAITER_MS;
        else doc.waiting.push({ ticket, holder, kind, since, expires: now + WAITER_MS });
        if (!grants(doc.held, doc.waiting, limits).includes(ticket)) return false;
        doc.waiting = doc.waiting.filter((w) => w.ticket !== ticket);
        doc.held.push({ ticket, holder, kind, expires: now + LEASE_MS });
        return true;
      });
    },

    async releaseSlot(ticket) {
      changeSlots((doc) => {
        doc.held = doc.held.filter((h) => h.ticket !== ticket);
      });
    },

    async leaveQueue(ticket) {
      changeSlots((doc) => {
        doc.waiting = doc.waiting.filter((w) => w.ticket !== ticket);
      });
    },

    async claim(holder, product, hashes, answeredSinceMs) {
      const mine = runsClaims.get(holder) ?? new Set<string>();
      runsClaims.set(holder, mine);
      return db.transactionSync(() => {
        const now = Date.now();
        return hashes.map((hash): ClaimState => {
          const key = claimKey(hash);
          const doc = db.get(key) as ClaimDoc | undefined;
          const free =
            doc === undefined ||
            doc.holder === holder ||
            (doc.answer === undefined && !alive(doc.holder, now)) ||
            (doc.answer !== undefined &&
              ((doc.expires ?? 0) <= now ||
                doc.answer.answeredAtMs < answeredSinceMs ||
                !serves(doc.answer.product, product)));
          if (free) {
            db.putSync(key, { holder, product } satisfies ClaimDoc);
            mine.add(key);
            return { kind: 'mine' };
          }
          return doc.answer ? { kind: 'answered', answer: doc.answer } : { kind: 'held' };
        });
      });
    },

    async settle(holder, settled) {
      const mine = runsClaims.get(holder);
      db.transactionSync(() => {
        const now = Date.now();
        for (const { hash, answer } of settled) {
          const key = claimKey(hash);
          mine?.delete(key);
          const doc = db.get(key) as ClaimDoc | undefined;
          if (doc?.holder !== holder) continue;
          if (answer === null) db.removeSync(key);
          else db.putSync(key, { ...doc, answer, expires: now + ANSWERED_MS } satisfies ClaimDoc);
        }
      });
    },

    async letGo(holder) {
      const mine = runsClaims.get(holder);
      runsClaims.delete(holder);
      if (!mine || mine.size === 0) return;
      db.transactionSync(() => {
        for (const key of mine) {
          const doc = db.get(key) as ClaimDoc | undefined;
          if (doc?.holder === holder && doc.answer === undefined) db.removeSync(key);
        }
      });
    },

    async forgetAnswers() {
      removeClaims(db, account, (doc) => doc.answer !== undefined);
    },

    async renew(process) {
      const now = Date.now();
      db.transactionSync(() => {
        db.putSync(procKey(process), now);
        const doc = db.get(slotsKey) as SlotsDoc | undefined;
        if (!doc) return;
        for (const h of doc.held) if (h.holder === process) h.expires = now + LEASE_MS;
        db.putSync(slotsKey, doc);
      });
      // Answers told long enough, and the claims of processes gone, are cleared now and then.
      if (now - lastSweep > ANSWERED_MS / 4) {
        lastSweep = now;
        sweep(now);
      }
    },

    close: () => db.close(),
  };

  function sweep(now: number): void {
    removeClaims(db, account, (doc) =>
      doc.answer ? (doc.expires ?? 0) <= now : !alive(doc.holder, now),
    );
    db.transactionSync(() => {
      const gone: string[] = [];
      for (const { key, value } of db.getRange({ start: 'proc/', end: 'proc0' })) {
        if ((value as number) + LEASE_MS * 6 < now) gone.push(String(key));
      }
      for (const key of gone) db.removeSync(key);
    });
  }
}

/** Removes the account's claims `which` picks, in one transaction. */
function removeClaims(db: RootDatabase, account: string, which: (doc: ClaimDoc) => boolean): void {
  db.transactionSync(() => {
    const picked: string[] = [];
    for (const { key, value } of db.getRange({
      start: `claim/${account}/`,
      end: `claim/${account}0`,
    })) {
      if (which(value as ClaimDoc)) picked.push(String(key));
    }
    for (const key of picked) db.removeSync(key);
  });
}
