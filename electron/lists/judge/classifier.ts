// Starts the classify worker and keeps it fed without flooding it: at most a
// few chunks in flight, so memory stays bounded however fast the parse runs.
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ClassifierInput, ClassifierMessage, ClassifierSetup } from './classify-protocol';

const MAX_IN_FLIGHT = 6;

type Judged = Omit<Extract<ClassifierMessage, { type: 'done' }>, 'type'> & {
  /** The rules' codes, when the setup asked: decided after done, while the caller goes on. */
  withheld: Promise<Uint32Array> | null;
};

export interface Classifier {
  /**
   * Hands over a batch of cells (see ClassifierInput; the buffer is
   * transferred). Returns a promise while the worker is behind: wait for it
   * before sending more.
   */
  send(bytes: Uint8Array<ArrayBuffer>, cells: number): Promise<void> | undefined;
  finish(): Promise<Judged>;
  kill(): void;
}

// The worker's garbage is short-lived strings: a small young generation keeps
// its heap (and the process's RSS) low at the cost of cheap, frequent scavenges.
const LIMITS = { maxYoungGenerationSizeMb: 8 };

function spawn(setup: ClassifierSetup): Worker {
  // Built app: electron-vite emits the worker next to the main bundle. From
  // source (tests, tsx), the TypeScript file runs through tsx.
  const built = new URL('./classify-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built)))
    return new Worker(built, { workerData: setup, resourceLimits: LIMITS });
  // Workers ignore --import, so the worker registers tsx itself before loading.
  const source = new URL('./classify-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(boot, { eval: true, workerData: setup, resourceLimits: LIMITS });
}

export function startClassifier(
  setup: ClassifierSetup,
  /** Told the domains the worker meets, when the setup asks for findings. */
  onDomains?: (domains: string[]) => void,
  /** Given each batch's buffer back once it is judged, to carry another. */
  onSpare?: (bytes: Uint8Array<ArrayBuffer>) => void,
): Classifier {
  const worker = spawn(setup);
  let inFlight = 0;
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  let finished: ((result: Judged) => void) | null = null;
  let failFinish: ((err: Error) => void) | null = null;
  let done = false;
  let ruled: ((codes: Uint32Array) => void) | null = null;
  let failRuled: ((err: Error) => void) | null = null;
  const withheld = setup.rules
    ? new Promise<Uint32Array>((resolve, reject) => {
        ruled = resolve;
        failRuled = reject;
      })
    : null;
  // Told to whoever awaits it; an import that failed first never does.
  withheld?.catch(() => undefined);

  const fail = (err: Error) => {
    failure ??= err;
    wake?.();
    failFinish?.(failure);
    failRuled?.(failure);
  };

  worker.on('message', (message: ClassifierMessage) => {
    switch (message.type) {
      case 'ack':
        if (message.domains) onDomains?.(message.domains);
        if (message.bytes) onSpare?.(message.bytes);
        inFlight -= 1;
        if (inFlight < MAX_IN_FLIGHT) {
          const w = wake;
          wake = null;
          w?.();
        }
        break;
      case 'done':
        done = true;
        finished?.({
          counts: message.counts,
          spots: message.spots,
          findings: message.findings,
          withheld,
        });
        break;
      case 'withheld':
        ruled?.(message.codes);
        void worker.terminate();
        break;
      case 'domains':
        onDomains?.(message.domains);
        break;
      case 'error':
        fail(new Error(message.message));
        // After done only the rules were left: no one else stops the worker now.
        if (done) void worker.terminate();
        break;
    }
  });
  worker.on('error', (err) => fail(err));
  worker.on('exit', (code) => {
    if (code !== 0) fail(new Error(`the classify worker stopped (exit code ${code})`));
  });

  return {
    send(bytes, cells) {
      if (failure) throw failure;
      const input: ClassifierInput = { type: 'cells', bytes, cells };
      worker.postMessage(input, [bytes.buffer]);
      inFlight += 1;
      if (inFlight < MAX_IN_FLIGHT) return undefined;
      return new Promise<void>((resolve, reject) => {
        wake = () => (failure ? reject(failure) : resolve());
      });
    },
    finish() {
      return new Promise((resolve, reject) => {
        if (failure) {
          reject(failure);
          return;
        }
        finished = (result) => {
          if (!withheld) void worker.terminate();
          resolve(result);
        };
        failFinish = reject;
        worker.postMessage({ type: 'end' });
      });
    },
    kill() {
      void worker.terminate();
    },
  };
}
