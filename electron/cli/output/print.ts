// What the command prints: whole lines on stdout and stderr (a progress line
// redrawn on a terminal is ended before any other), redacted, log lines
// without the stack an error detail brings along, and all of it out before
// the process exits.
import { visibleLines } from '../../common/text/one-line';
import { redactSecrets } from '../../lib/log';
import type { Progress } from './output';

/** The progress shown on stderr, if any. */
let drawing: Progress | null = null;

export function showingProgress(progress: Progress): void {
  drawing = progress;
}

const endDrawnLine = () => {
  if (process.stderr.isTTY) drawing?.done();
};

// Every line goes through redaction: a key (registered as a secret the moment
// it is read) never reaches the terminal, a log file or a scheduler's mail,
// whatever message carried it. And every line has its controls made visible:
// a name from a platform, a team store or a file that slipped into a message
// cannot send the terminal an escape sequence (names printed on their own are
// made one line where they are printed, common/text/one-line.ts).
export const err = (line: string): void => {
  endDrawnLine();
  process.stderr.write(`${visibleLines(redactSecrets(line))}\n`);
};

export const out = (line: string): void => {
  endDrawnLine();
  process.stdout.write(`${visibleLines(redactSecrets(line))}\n`);
};

/** A log line without the stack trace an error detail may bring along. */
export const withoutStack = (line: string): string =>
  line
    .split('\n')
    .filter((l) => !/^\s+at /.test(l))
    .join('\n');

/**
 * Resolves once everything written to stdout and stderr has gone out. On
 * Windows, pipes are written asynchronously: process.exit() would drop the
 * rest. Bounded, for a reader that never reads.
 */
export function flushOutput(): Promise<void> {
  endDrawnLine();
  const flushed = (stream: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => {
      if (stream.destroyed || !stream.writable) resolve();
      else stream.write('', () => resolve());
    });
  return Promise.race([
    Promise.all([flushed(process.stdout), flushed(process.stderr)]).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref()),
  ]);
}

export const exitAfterFlush = (code: number): void =>
  void flushOutput().then(() => process.exit(code));
