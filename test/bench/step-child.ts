// What every child of a stepped benchmark does around its step (lists-child.ts,
// xlsx-child.ts): sampling its memory from the start, so that the peak it
// reports is the step's own, and answering the parent (child-steps.ts) over IPC.
import { readFileSync } from 'node:fs';
import type { StepCommand, StepEvent, StepResult } from './protocol';

const STATUS = { RssAnon: /^RssAnon:\s+(\d+) kB/m, VmHWM: /^VmHWM:\s+(\d+) kB/m };

/** A figure of /proc/self/status in bytes, or undefined where /proc cannot tell. */
function statusBytes(field: keyof typeof STATUS): number | undefined {
  try {
    const status = readFileSync('/proc/self/status', 'latin1');
    const kb = STATUS[field].exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * Resident memory other than pages of mapped files (Linux's RssAnon), or 0
 * where /proc cannot tell. The outcome memory is read through a map of its
 * file: those pages count in RSS, but are the OS's file cache, shared and
 * given back under pressure, so the steps on it report both.
 */
const anonRss = (): number => statusBytes('RssAnon') ?? 0;

/**
 * The kernel's high-water mark of this process's resident memory. On Linux
 * it is VmHWM: getrusage's maxRSS of a forked child starts at its parent's
 * RSS at the fork, which exec keeps (measured: a child of a 343 MB parent
 * said 304 MB where its own peak was 43 MB), and the benchmark's parent holds
 * some 180 MB, so every step would seem to need at least that.
 */
const maxRss = (): number => statusBytes('VmHWM') ?? process.resourceUsage().maxRSS * 1024;

// Started as the child loads, before the step's command comes: the sampled
// peak then covers all of the step, whatever it allocates first.
let peakRss = process.memoryUsage.rss();
let peakAnon = anonRss();
let ticks = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  ticks += 1;
  // Reading /proc costs more than rss(): every fifth tick is enough for a peak.
  if (ticks % 5 === 0) peakAnon = Math.max(peakAnon, anonRss());
}, 20);

/** The step's memory figures, taken as it ends. */
export function memoryFigures(): Pick<
  StepResult,
  'peakRssBytes' | 'maxRssBytes' | 'peakAnonBytes'
> {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
  peakAnon = Math.max(peakAnon, anonRss());
  return {
    peakRssBytes: peakRss,
    maxRssBytes: maxRss(),
    peakAnonBytes: peakAnon,
  };
}

/**
 * Says the child is ready, then runs each step it is sent and answers with
 * its result, or with why it failed (the stack, for the parent's log); a stop
 * ends the process.
 */
export function serveSteps<Command extends StepCommand, Result extends StepResult>(
  run: (command: Command) => Promise<Result>,
): void {
  const send = (event: StepEvent<Result>): void => {
    process.send?.(event);
  };
  process.on('message', (command: Command | { type: 'stop' }) => {
    if (command.type === 'stop') {
      clearInterval(sampler);
      process.exit(0);
    }
    run(command).then(send, (err: unknown) => {
      send({
        type: 'failed',
        message: err instanceof Error ? (err.stack ?? err.message) : String(err),
      });
    });
  });
  send({ type: 'ready' });
}
