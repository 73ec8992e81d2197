// What `clean` says on stderr before anything is paid for: what is reused
// from answers already paid, what is not sent (--skip), for Email + avatar how
// the rest stands with the avatar check's providers and what each group costs,
// what is sent and at what charge, and what the free steps saved, in money.
// One line each, only for what there is.
import type { Estimate } from '../jobs/start';
import { balanceAfterShown, usd, usdExact } from '../common/money';
import { withheldSentences } from '../common/withheld-words';

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

/** " ($1.20)", " (up to $1.20)", or nothing while the price is not known; estimates round up. */
const priced = (micros: number | null, upTo = false) =>
  micros === null ? '' : ` (${upTo ? 'up to ' : ''}${usd(micros, 'up')})`;

/**
 * Email + avatar: "Avatar coverage: 1,000 at covered providers ($3.00); 200
 * at providers it does not cover: not sent, free (--others email checks them
 * with Email); 20 at domains not known yet, by multi checks (up to $0.06;
 * uncovered ones come back without a result, free)."
 */
export function coverageLine(e: Estimate): string | null {
  if (!e.coverage) return null;
  const { covered, outside, unknown } = e.coverage;
  const others =
    outside.others === 'email'
      ? `${n(outside.count)} at providers it does not cover, checked with Email${priced(outside.costMicros)}`
      : `${n(outside.count)} at providers it does not cover: not sent, free${outside.count > 0 ? ' (--others email checks them with Email)' : ''}`;
  const notKnown =
    unknown.count > 0
      ? `${n(unknown.count)} at domains not known yet, by multi checks${priced(unknown.costMicros, true)}: uncovered ones come back without a result, free`
      : '0 at domains not known yet';
  return `Avatar coverage: ${n(covered.count)} at covered providers${priced(covered.costMicros)}; ${others}; ${notKnown}.`;
}

/** How many are sent, what it costs, the balance after it and the limit. */
export function sendLine(e: Estimate): string {
  if (e.toSend === 0) return 'Nothing to send: every address is answered for free.';
  const limit = e.limitMicros !== null ? ` Spending limit ${usdExact(e.limitMicros)}.` : '';
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
  const balance =
    e.balanceMicros === null
      ? 'the balance cannot be read now (the service refuses for a while); the job waits for it'
      : `balance ${usd(e.balanceMicros)}, after it at least ${usd(balanceAfterShown(e.balanceMicros, e.estimateMicros))}`;
  return `${sending}. Estimated charge ${usd(e.estimateMicros, 'up')}; ${balance}.${limit}`;
}

/**
 * "Not paid for, thanks to the free steps: $0.02 for invalid addresses and
 * repeats, $0.03 for addresses you chose not to pay for, $0.01 for answers reused."
 */
export function savingsLine(e: Estimate): string | null {
  if (!e.savings) return null;
  const { cleanedMicros, skippedMicros, reusedMicros, withheldMicros } = e.savings;
  const parts = [
    cleanedMicros > 0 ? `${usd(cleanedMicros)} for invalid addresses and repeats` : '',
    skippedMicros > 0 ? `${usd(skippedMicros)} for addresses you chose not to pay for` : '',
    reusedMicros > 0 ? `${usd(reusedMicros)} for answers reused` : '',
    withheldMicros > 0
      ? `${usd(withheldMicros)} for addresses suppressed or blocked by your rules`
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? `Not paid for, thanks to the free steps: ${parts.join(', ')}.` : null;
}

/** Every line, in the order printed. */
export const estimateLines = (e: Estimate): string[] =>
  [
    reusedLine(e),
    ...withheldSentences(e.withheld, n).map((s) => s.text),
    skippedLine(e),
    coverageLine(e),
    sendLine(e),
    savingsLine(e),
  ].filter((line): line is string => line !== null);
