// What `clean` says on stderr before anything is paid for: what is reused
// from answers already paid, what is not sent (--skip), what is sent and at
// what charge, and what the free steps saved, in money. One line each, only
// for what there is.
import type { Estimate } from '../jobs/start';
import { usd } from './output';

const n = (x: number) => x.toLocaleString('en-US');
const days = (d: number) => (d === 1 ? 'day' : `${n(d)} days`);

/** "8 checked in the last 30 days: reused, free." */
export function reusedLine(e: Estimate): string | null {
  const { count, days: window } = e.reused;
  if (count === 0) return null;
  return `${n(count)} checked in the last ${days(window)}: reused, free.`;
}

/** "Not paid for (--skip): 2 disposable, 1 role, 3 at domains with no mail server (undeliverable)." */
export function skippedLine(e: Estimate): string | null {
  const { disposable, role, noMail } = e.skipped;
  const parts = [
    disposable > 0 ? `${n(disposable)} disposable` : '',
    role > 0 ? `${n(role)} role` : '',
    noMail > 0
      ? `${n(noMail)} at ${noMail === 1 ? 'a domain' : 'domains'} with no mail server (undeliverable)`
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? `Not paid for (--skip): ${parts.join(', ')}.` : null;
}

/** How many are sent, what it costs, the balance after it and the limit. */
export function sendLine(e: Estimate): string {
  if (e.toSend === 0) return 'Nothing to send: every address is answered for free.';
  const limit = e.limitMicros !== null ? ` Spending limit ${usd(e.limitMicros)}.` : '';
  const tasks =
    e.bulkTasks > 1
      ? ` in ${n(e.bulkTasks)} bulk tasks`
      : e.bulkTasks === 1
        ? ' in a bulk task'
        : '';
  const sending = `Sending ${n(e.toSend)} of ${n(e.unique)} ${e.unique === 1 ? 'address' : 'addresses'}${tasks}`;
  if (e.estimateMicros === null) {
    return `${sending}; the price is not known yet (it is learned from the first charge, or entered in the app’s Settings).${limit}`;
  }
  return `${sending}. Estimated charge ${usd(e.estimateMicros)}; balance ${usd(e.balanceMicros)}, after it about ${usd(e.balanceMicros - e.estimateMicros)}.${limit}`;
}

/** "Saved by the free steps: 0.002 USD cleaned up, 0.003 USD not sent, 0.008 USD reused." */
export function savingsLine(e: Estimate): string | null {
  if (!e.savings) return null;
  const { cleanedMicros, skippedMicros, reusedMicros } = e.savings;
  const parts = [
    cleanedMicros > 0 ? `${usd(cleanedMicros)} cleaned up (invalid and repeated)` : '',
    skippedMicros > 0 ? `${usd(skippedMicros)} not sent` : '',
    reusedMicros > 0 ? `${usd(reusedMicros)} reused` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `Saved by the free steps: ${parts.join(', ')}.` : null;
}

/** Every line, in the order printed. */
export const estimateLines = (e: Estimate): string[] =>
  [reusedLine(e), skippedLine(e), sendLine(e), savingsLine(e)].filter(
    (line): line is string => line !== null,
  );
