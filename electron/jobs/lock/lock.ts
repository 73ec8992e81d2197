// One runner per job, across processes: the app and any number of
// `list-cleaner` commands share the data folder, and two of them running one
// job would check, and charge, every remaining address twice.
//
// The lock is a file in the job's folder, created exclusively (O_EXCL, which
// every OS does atomically), naming its holder and a local socket the holder
// listens on for as long as it runs. Liveness is asked of that socket, not
// guessed from a pid (which the OS reuses) or a heartbeat (which a sleeping
// laptop misses): a connection is accepted while the holder lives, and
// refused once it died or the machine restarted. A dead holder's lock is
// taken over under a second, short-lived exclusive file, so two processes
// finding it stale at once never both take it.
import { randomBytes } from 'node:crypto';
import { open, readFile, rm, stat, unlink, utimes } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { log } from '../../lib/log';

const LOCK_FILE = 'runner.lock';
const TAKEOVER_FILE = 'runner.lock.takeover';
/** A lock file still empty after this was left by a process that died while creating it. */
const UNWRITTEN_GRACE_MS = 10_000;
/** A takeover is a read and an unlink; one older than this was abandoned. */
const TAKEOVER_GRACE_MS = 10_000;
/** How long an answer from the holder's socket may take before we assume it lives. */
const PROBE_TIMEOUT_MS = 2_000;
/** Another machine sharing the folder cannot be asked: its lock lapses once it stops refreshing. */
const FOREIGN_STALE_MS = 2 * 60_000;
const REFRESH_MS = 30_000;

const holderSchema = z.object({
  pid: z.number().int(),
  host: z.string(),
  socket: z.string(),
  token: z.string(),
  since: z.string(),
  /** Who holds it, in words: "the List Cleaner app" or "the list-cleaner command". */
  by: z.string(),
});
export type LockHolder = z.infer<typeof holderSchema>;

/** A holder that could not be read yet: a process is writing its lock right now. */
const unknownHolder = (): LockHolder => ({
  pid: 0,
  host: hostname(),
  socket: '',
  token: '',
  since: '',
  by: 'another List Cleaner',
});

export interface JobLock {
  readonly holder: LockHolder;
  /** Aborts if the lock file is found taken away (the folder deleted, a hand edit). */
  readonly lost: AbortSignal;
  release(): Promise<void>;
}

export type LockAttempt = { ok: true; lock: JobLock } | { ok: false; holder: LockHolder };

export interface LockOptions {
  /** Who is asking, in words shown to the other process's user. */
  by: string;
  /** For tests: where sockets are made, and how often the holder looks at its lock. */
  socketDir?: string;
  refreshMs?: number;
}

/** The longest Unix socket path every system takes (macOS allows 104 bytes, Linux 108). */
const MAX_SOCKET_PATH = 100;

/** A local socket name for this holder: a named pipe on Windows, a Unix socket elsewhere. */
function socketPath(token: string, dir: string): string {
  if (process.platform === 'win32') return `\\\\.\\pipe\\list-cleaner-${token}`;
  const path = join(dir, `list-cleaner-${token}.sock`);
  // A long TMPDIR would make a path no socket can have: /tmp is on every such system.
  return Buffer.byteLength(path) <= MAX_SOCKET_PATH
    ? path
    : join('/tmp', `list-cleaner-${token}.sock`);
}

async function listen(path: string): Promise<Server> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The socket only answers "alive"; it must never keep a process running.
  server.unref();
  return server;
}

/** Does the holder answer on its socket? Any doubt counts as alive: never steal on a guess. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(true));
    socket.once('connect', () => done(true));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      done(!['ECONNREFUSED', 'ENOENT', 'ENOTSOCK'].includes(err.code ?? '')),
    );
  });
}

type Judged =
  { state: 'free' } | { state: 'live'; holder: LockHolder } | { state: 'stale'; text: string };

/** How often, and how many times, a lock being written is read again for its holder's name. */
const UNWRITTEN_REREAD_MS = 20;
const UNWRITTEN_REREADS = 10;

async function judge(file: string, rereads = UNWRITTEN_REREADS): Promise<Judged> {
  let text: string;
  let mtimeMs: number;
  try {
    [text, { mtimeMs }] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'free' };
    throw err;
  }
  const age = Date.now() - mtimeMs;
  let holder: LockHolder;
  try {
    holder = holderSchema.parse(JSON.parse(text));
  } catch {
    // Being written this very moment, or left half-written by a crash.
    if (age >= UNWRITTEN_GRACE_MS) return { state: 'stale', text };
    // Its writer needs a moment more: read again, so the user is told who runs the job.
    if (rereads === 0) return { state: 'live', holder: unknownHolder() };
    await new Promise((r) => setTimeout(r, UNWRITTEN_REREAD_MS));
    return judge(file, rereads - 1);
  }
  if (holder.host !== hostname()) {
    return age > FOREIGN_STALE_MS ? { state: 'stale', text } : { state: 'live', holder };
  }
  return (await answers(holder.socket)) ? { state: 'live', holder } : { state: 'stale', text };
}

/** Creates the lock file exclusively with the holder's details; false when it exists. */
async function create(file: string, holder: LockHolder): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Windows answers EPERM while a removed lock is still being deleted: taken, for now.
    if (code === 'EEXIST' || (process.platform === 'win32' && code === 'EPERM')) return false;
    throw err;
  }
  try {
    await handle.writeFile(JSON.stringify(holder));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Removes a stale lock, under the takeover file so that of two processes
 * finding it stale at once only one removes it, and never the fresh lock the
 * other has just made in its place.
 */
async function takeOver(dir: string, staleText: string): Promise<void> {
  const guard = join(dir, TAKEOVER_FILE);
  let handle;
  try {
    handle = await open(guard, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const info = await stat(guard).catch(() => null);
    if (info && Date.now() - info.mtimeMs > TAKEOVER_GRACE_MS) await rm(guard, { force: true });
    return;
  }
  await handle.close();
  try {
    // Still the very lock judged stale: nobody else can have replaced it while we hold the guard.
    const now = await readFile(join(dir, LOCK_FILE), 'utf8').catch(() => null);
    if (now === staleText) {
      await unlink(join(dir, LOCK_FILE));
      const old = holderSchema.safeParse(JSON.parse(staleText || 'null'));
      if (old.success && process.platform !== 'win32' && old.data.host === hostname()) {
        await rm(old.data.socket, { force: true });
      }
      log.info(`jobs: took over the lock of ${dir} from a runner that is gone`);
    }
  } finally {
    await rm(guard, { force: true });
  }
}

/**
 * Takes the job's lock, or answers who holds it. A lock whose holder is gone
 * (died, or the machine restarted) is taken over.
 */
export async function acquireJobLock(dir: string, options: LockOptions): Promise<LockAttempt> {
  const file = join(dir, LOCK_FILE);
  const token = randomBytes(12).toString('hex');
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    socket: socketPath(token, options.socketDir ?? tmpdir()),
    token,
    since: new Date().toISOString(),
    by: options.by,
  };
  // Listening before the lock names the socket: whoever reads the lock can ask it at once.
  const server = await listen(holder.socket);
  const closeServer = () =>
    new Promise<void>((resolve) => server.close(() => resolve())).then(() =>
      process.platform === 'win32' ? undefined : rm(holder.socket, { force: true }),
    );
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (await create(file, holder)) {
        return { ok: true, lock: held(dir, holder, closeServer, options.refreshMs ?? REFRESH_MS) };
      }
      const seen = await judge(file);
      if (seen.state === 'live') {
        await closeServer();
        return { ok: false, holder: seen.holder };
      }
      if (seen.state === 'stale') await takeOver(dir, seen.text);
      // Free now (or another process is taking over): try again shortly.
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    }
  } catch (err) {
    await closeServer();
    throw err;
  }
  await closeServer();
  const seen = await judge(file);
  return { ok: false, holder: seen.state === 'live' ? seen.holder : unknownHolder() };
}

/** Who runs the job now, if anyone (a stale lock counts as nobody). */
export async function jobLockHolder(dir: string): Promise<LockHolder | null> {
  const seen = await judge(join(dir, LOCK_FILE));
  return seen.state === 'live' ? seen.holder : null;
}

function held(
  dir: string,
  holder: LockHolder,
  closeServer: () => Promise<void>,
  refreshMs: number,
): JobLock {
  const file = join(dir, LOCK_FILE);
  const lost = new AbortController();
  const ours = async () => {
    try {
      return holderSchema.parse(JSON.parse(await readFile(file, 'utf8'))).token === holder.token;
    } catch {
      return false;
    }
  };
  // Refreshed now and then, so a process on another machine sharing the
  // folder can tell a live lock; and checked, so a lock taken away is noticed.
  const timer = setInterval(() => {
    void (async () => {
      if (!(await ours())) {
        clearInterval(timer);
        lost.abort(new Error('the job’s lock was taken away'));
        return;
      }
      const now = new Date();
      await utimes(file, now, now).catch(() => undefined);
    })();
  }, refreshMs);
  timer.unref();
  let released = false;
  return {
    holder,
    lost: lost.signal,
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      if (await ours()) await unlink(file).catch(() => undefined);
      await closeServer();
    },
  };
}
