// Child processes for benchmarks: a TypeScript file run by Node with the tsx
// loader, talking to the parent over IPC. Its stdout goes to our stderr, so
// stdout keeps only figures. Every wait is bounded in time, and a child that
// exits early fails the wait at once instead of leaving it hanging.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Message {
  type: string;
}

export interface Child<In extends Message, Out extends Message> {
  readonly pid: number | undefined;
  send(message: In): void;
  /** The next message of this type (one that came earlier and was not taken counts). */
  next<T extends Out['type']>(type: T, timeoutMs: number): Promise<Extract<Out, { type: T }>>;
  /** Rejects when the child exits before it was asked to stop; race it against a wait. */
  died(): Promise<never>;
  /** Asks the child to stop with a message, then ends it if it has not exited in time. */
  stop(message?: In, graceMs?: number): Promise<void>;
}

/** The repository's root, where `--import tsx` resolves. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The command line as npm ci's `prepare` builds it: figures are the shipped bundle's, not tsx's. */
export function buildCli(): void {
  const build = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build-cli.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) throw new Error('npm run build:cli failed');
}

/**
 * With BENCH_CPU_PROF=<folder>, every child (and its worker threads) writes a
 * CPU profile there, in a folder named after its step, to find where a figure went
 * (`node scripts/profile-top.mjs <folder>` sums them up). Profiling slows the
 * child: figures of such a run are not comparable with others.
 */
function profileArgs(label: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return [];
  const name = label.replace(/[^a-z0-9-]+/gi, '-');
  // One folder a step: Node names each thread's profile by pid and thread id.
  return ['--cpu-prof', `--cpu-prof-dir=${join(dir, name)}`];
}

const live = new Set<ChildProcess>();

/** Ends every child this process started and still runs (after a crash). */
export function killChildren(): void {
  for (const proc of live) proc.kill('SIGKILL');
  live.clear();
}

interface Waiter {
  type: string;
  resolve(message: Message): void;
  reject(err: Error): void;
}

export function startChild<In extends Message, Out extends Message>(
  script: URL,
  label: string,
  /** A built JavaScript file runs as it is, without the TypeScript loader. */
  options: { built?: boolean } = {},
): Child<In, Out> {
  const proc = fork(fileURLToPath(script), [], {
    cwd: repoRoot,
    execArgv: [...(options.built ? [] : ['--import', 'tsx']), ...profileArgs(label)],
    // stdin closed, the child's stdout onto our stderr, its stderr onto ours, and IPC.
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  live.add(proc);
  const inbox: Message[] = [];
  const waiters = new Set<Waiter>();
  let exited: Error | null = null;

  proc.on('message', (raw: unknown) => {
    const message = raw as Message;
    for (const waiter of waiters) {
      if (waiter.type === message.type) {
        waiters.delete(waiter);
        waiter.resolve(message);
        return;
      }
    }
    inbox.push(message);
  });
  const exitPromise = new Promise<void>((resolve) => {
    proc.once('exit', (code, signal) => {
      live.delete(proc);
      exited = new Error(`${label} child exited (code ${code}, signal ${signal})`);
      for (const waiter of waiters) waiter.reject(exited);
      waiters.clear();
      resolve();
    });
  });
  let stopping = false;
  const death = exitPromise.then((): never => {
    throw stopping ? new Error(`${label} child stopped`) : (exited ?? new Error(`${label} exited`));
  });
  death.catch(() => undefined); // a death nobody races against is not an unhandled rejection
  proc.once('error', (err) => {
    exited = err;
    for (const waiter of waiters) waiter.reject(err);
    waiters.clear();
  });

  return {
    pid: proc.pid,
    send(message) {
      if (exited) throw exited;
      proc.send(message);
    },
    next<T extends Out['type']>(type: T, timeoutMs: number) {
      return new Promise<Extract<Out, { type: T }>>((resolve, reject) => {
        const index = inbox.findIndex((m) => m.type === type);
        if (index >= 0) {
          const [message] = inbox.splice(index, 1);
          resolve(message as Extract<Out, { type: T }>);
          return;
        }
        if (exited) {
          reject(exited);
          return;
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`${label}: no "${type}" message within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter: Waiter = {
          type,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m as Extract<Out, { type: T }>);
          },
          reject: (err) => {
            clearTimeout(timer);
            reject(err);
          },
        };
        waiters.add(waiter);
      });
    },
    died: () => death,
    async stop(message, graceMs = 5_000) {
      stopping = true;
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      if (message && proc.connected) proc.send(message);
      else proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exitPromise;
      clearTimeout(timer);
    },
  };
}
