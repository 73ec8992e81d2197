// The journal of a job's synchronous requests (`requests.journal`). A
// synchronous check has no Idempotency-Key: a request in flight when the
// process dies (a kill, a power cut) may have been checked, and charged, with
// its answer lost. So each request is written here, and synced, before it is
// sent, and marked answered (or refused, or lost) after. The next run reads
// which were still open: their addresses with no outcome are what may be
// charged twice, said to the user and checked again. One line of JSON each; a
// line torn by a crash is an entry whose sync never finished, so its request
// was never sent, and it is skipped.
import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { z } from 'zod';
import type { FileHandle } from 'node:fs/promises';
import type { Disk } from './disk';
import { log } from '../../lib/log';

export type RequestKind = 'single' | 'multi';
export type RequestEnd = 'answered' | 'refused' | 'lost';

const header = z.object({ run: z.string().max(64) });
const opened = z.object({
  o: z.number().int().min(0),
  kind: z.enum(['single', 'multi']),
  at: z.number(),
  p: z.array(z.number().int().min(0)).max(1_000),
});
const closed = z.object({
  c: z.number().int().min(0),
  how: z.enum(['answered', 'refused', 'lost']),
});

/** A request the journal saw sent and never saw end. */
export interface OpenRequest {
  kind: RequestKind;
  sentAt: number;
  positions: number[];
}

/** What a journal left by an earlier run says. */
export interface JournalLeft {
  /** The run that wrote it: counted once, even if the count is saved and the file not yet removed. */
  run: string;
  open: OpenRequest[];
}

/**
 * Reads the journal an earlier run left; null when there is none (or it
 * holds nothing). Entries are read up to the first line that does not parse.
 */
export async function readJournal(path: string): Promise<JournalLeft | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const first = parseLine(lines[0] ?? '', header);
  if (!first) return null;
  const open = new Map<number, OpenRequest>();
  for (const line of lines.slice(1)) {
    const o = parseLine(line, opened);
    if (o) {
      open.set(o.o, { kind: o.kind, sentAt: o.at, positions: o.p });
      continue;
    }
    const c = parseLine(line, closed);
    if (!c) break;
    open.delete(c.c);
  }
  return { run: first.run, open: [...open.values()] };
}

function parseLine<T>(line: string, schema: z.ZodType<T>): T | null {
  if (line === '') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The journal read and counted: removed, so a new run starts its own. */
export const removeJournal = (path: string) => rm(path, { force: true });

export interface RequestJournal {
  /** Written and synced: only then may the request be sent. Returns the entry's number. */
  open(kind: RequestKind, positions: readonly number[]): Promise<number>;
  /** The request ended; not synced (an answer is kept in the outcome log first, and counts there). */
  close(seq: number, how: RequestEnd): Promise<void>;
  /** How many entries are open now (the bound: one multi and four singles at most). */
  inFlight(): { multi: number; single: number };
  end(): Promise<void>;
}

/**
 * This run's journal, made at its first request (a run of bulk tasks alone
 * writes none); the earlier one must have been read and removed.
 */
export function startJournal(path: string, disk: Pick<Disk, 'open'>): RequestJournal {
  let file: Promise<FileHandle> | null = null;
  let seq = 0;
  const inFlight = { multi: 0, single: 0 };
  const kinds = new Map<number, RequestKind>();
  // Appends go one at a time, in order: a line is never interleaved with another.
  let tail: Promise<unknown> = Promise.resolve();
  const append = (line: string, sync: boolean): Promise<void> => {
    file ??= disk.open(path, 'w').then(async (f) => {
      await f.appendFile(`${JSON.stringify({ run: randomUUID() })}\n`);
      return f;
    });
    const handle = file;
    const next = tail.then(async () => {
      const f = await handle;
      await f.appendFile(`${line}\n`);
      if (sync) await f.datasync();
    });
    tail = next.catch(() => undefined);
    return next;
  };
  return {
    async open(kind, positions) {
      const n = seq++;
      kinds.set(n, kind);
      inFlight[kind] += 1;
      try {
        await append(JSON.stringify({ o: n, kind, at: Date.now(), p: positions }), true);
      } catch (err) {
        kinds.delete(n);
        inFlight[kind] -= 1;
        throw err;
      }
      return n;
    },
    async close(n, how) {
      const kind = kinds.get(n);
      if (kind === undefined) return;
      kinds.delete(n);
      inFlight[kind] -= 1;
      await append(JSON.stringify({ c: n, how }), false);
    },
    inFlight: () => ({ ...inFlight }),
    async end() {
      await tail;
      if (!file) return;
      try {
        await (await file).close();
        // Every request ended: nothing for the next run to count.
        if (kinds.size === 0) await removeJournal(path);
      } catch (err) {
        // What is on disk stays as it is: the next run reads it.
        log.warn('jobs: the request journal did not close', err);
      }
    },
  };
}
