// Loaded with --import into Electron's installer (node_modules/electron/install.js)
// by scripts/start.mjs. The installer prints a failed download as a stack
// trace; this hands the reason to start.mjs instead (a JSON line on fd 3),
// naming the address that failed and why, so the user reads one line. The
// installer's progress and every other line print as it prints them.
import { writeSync } from 'node:fs';
import { format } from 'node:util';

/** The last download that failed: its address and the network's reason. */
let failedFetch = null;

function report(reason) {
  try {
    writeSync(3, `${JSON.stringify({ reason })}\n`);
  } catch {
    // Run without start.mjs (no fd 3): the reason goes where the installer puts it.
    process.stderr.write(`${reason}\n`);
  }
}

function describe(err) {
  const cause = err?.cause;
  const detail = cause?.message || cause?.code || cause?.errors?.[0]?.message;
  const message = err?.message ?? String(err);
  return detail ? `${message}: ${detail}` : message;
}

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  try {
    return await realFetch(input, init);
  } catch (err) {
    const url = input instanceof Request ? input.url : String(input);
    failedFetch = `${url}: ${describe(err)}`;
    throw err;
  }
};

// The installer's only use of console.error is `console.error(err.stack)`.
const realError = console.error;
console.error = (...args) => {
  const text = format(...args);
  if (!/\n\s+at /.test(text)) {
    realError(...args);
    return;
  }
  report(failedFetch ?? text.split('\n')[0].replace(/^Error: /, ''));
};

// A failure before the download (an unsupported platform) is thrown, not printed.
process.on('uncaughtException', (err) => {
  report(describe(err));
  process.exit(1);
});
