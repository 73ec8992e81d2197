// Run in a child process by lock.test.ts: takes a job's lock and holds it
// until killed, or races for it and reports whether it got it.
import { acquireJobLock } from '../../../../electron/jobs/lock/lock';

const [mode, dir] = process.argv.slice(2);
if (!dir) throw new Error('usage: lock-probe hold|race <dir>');
const attempt = await acquireJobLock(dir, { by: `probe ${process.pid}` });
process.stdout.write(`${JSON.stringify({ ok: attempt.ok })}\n`);
if (mode === 'hold' && attempt.ok) {
  // Held until the test kills this process.
  setInterval(() => undefined, 1_000);
} else if (attempt.ok) {
  // Long enough for every racer to have tried, then let go.
  setTimeout(() => void attempt.lock.release(), 1_500);
}
