// A matched bounce report in plain sentences, the same in the results' Bounces
// tab and from `list-cleaner bounces`: first what counts as evidence (hard
// bounces of addresses we called deliverable, and when), then the rest, each
// said for what it is.
import type { BounceReportView } from './bounce-views';

export interface BounceWords {
  /** The hard bounces of addresses we called deliverable, with their dates and the verdicts'. */
  headline: string;
  /** Paid for here, or reused: whose date the verdict carries. Null with no hard bounce. */
  origin: string | null;
  /** Hard bounces dated before our verdict, which a vendor may not count; null when none. */
  early: string | null;
  /** Soft and untyped bounces, our other verdicts, complaints and unsubscribes, the rest. */
  others: string[];
  /** What joined the suppression list. */
  suppressed: string;
}

export interface WordsOptions {
  /** A count for the reader's locale (default en-US). */
  count?: (n: number) => string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Oct 3", with the year when it is not the match's: dates are UTC days, as the file writes them. */
function day(iso: string, year: number): string {
  const d = new Date(iso);
  const y = d.getUTCFullYear();
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}${y === year ? '' : `, ${y}`}`;
}

/** "on Oct 3", "between Oct 3 and Oct 9". */
function when(first: string | null, last: string | null, year: number): string | null {
  if (first === null || last === null) return null;
  const a = day(first, year);
  const b = day(last, year);
  return a === b ? `on ${a}` : `between ${a} and ${b}`;
}

export function bounceWords(v: BounceReportView, options: WordsOptions = {}): BounceWords {
  const n = options.count ?? ((x: number) => x.toLocaleString('en-US'));
  const of = (x: number, one: string, many: string) => `${n(x)} ${x === 1 ? one : many}`;
  const year = new Date(v.matchedAt).getUTCFullYear();
  const d = v.deliverable;

  let headline: string;
  if (d.hard === 0) {
    headline =
      v.inList === 0
        ? 'None of the addresses in this report are in this list.'
        : 'None of the addresses we called deliverable bounced hard.';
  } else {
    const bounced = when(d.firstBounce, d.lastBounce, year);
    const given = when(d.firstVerdict, d.lastVerdict, year);
    headline =
      `${of(d.hard, 'address', 'addresses')} we called deliverable bounced hard` +
      `${bounced ? ` ${bounced}` : ' (the report gives no dates)'}` +
      `${given ? `; verdicts given ${given.replace(/^on /, '')}` : ''}.`;
  }

  const origin =
    d.hard === 0
      ? null
      : d.reused === 0
        ? `${d.hard === 1 ? 'It was' : d.hard === 2 ? 'Both were' : `All ${n(d.hard)} were`} checked and paid for in this job.`
        : d.paid === 0
          ? d.hard === 1
            ? "Its verdict was reused from an earlier check, and carries that check's date."
            : "All their verdicts were reused from earlier checks, and carry those checks' dates."
          : `${n(d.paid)} checked and paid for in this job; ${n(d.reused)} reused from earlier checks, with those checks' dates.`;

  const early =
    d.beforeVerdict === 0
      ? null
      : `${d.beforeVerdict === d.hard ? (d.hard === 1 ? 'It' : d.hard === 2 ? 'Both' : `All ${n(d.hard)}`) : `${n(d.beforeVerdict)} of them`} bounced before our verdict was given: a vendor may not count a bounce from before its check.`;

  const others: string[] = [];
  if (d.soft > 0) {
    others.push(
      `${of(d.soft, 'address', 'addresses')} we called deliverable bounced soft: a full mailbox or a server busy for a while, which is no evidence against the verdict.`,
    );
  }
  if (d.unspecified > 0) {
    others.push(
      `${of(d.unspecified, 'address', 'addresses')} we called deliverable ${d.unspecified === 1 ? 'is' : 'are'} in the report without saying how ${d.unspecified === 1 ? 'it' : 'they'} bounced, so ${d.unspecified === 1 ? 'it is' : 'they are'} not counted as evidence.`,
    );
  }
  const right = [
    v.undeliverable > 0 ? `${n(v.undeliverable)} we called undeliverable` : '',
    v.unknown > 0 ? `${n(v.unknown)} we could not determine (unknown)` : '',
    v.otherVerdict > 0 ? `${n(v.otherVerdict)} not checked (left out or not covered)` : '',
  ].filter(Boolean);
  if (right.length > 0) {
    const total = v.undeliverable + v.unknown + v.otherVerdict;
    const listed =
      right.length === 1 ? right[0] : `${right.slice(0, -1).join(', ')} and ${right.at(-1)}`;
    others.push(
      `${of(total, 'other bounced address', 'other bounced addresses')}: ${listed}. We did not call ${total === 1 ? 'it' : 'them'} deliverable, so there is nothing to refund.`,
    );
  }
  if (v.complaints + v.unsubscribes > 0) {
    const parts = [
      v.complaints > 0 ? of(v.complaints, 'complaint', 'complaints') : '',
      v.unsubscribes > 0 ? of(v.unsubscribes, 'unsubscribe', 'unsubscribes') : '',
    ].filter(Boolean);
    const one = v.complaints + v.unsubscribes === 1;
    others.push(
      `${parts.join(' and ')} from this list: ${one ? 'not a bounce' : 'not bounces'}, so not evidence.`,
    );
  }
  if (v.notInList > 0) {
    others.push(
      `${of(v.notInList, 'address', 'addresses')} in the report ${v.notInList === 1 ? 'is' : 'are'} not in this list.`,
    );
  }
  if (v.skipped > 0) {
    others.push(`${of(v.skipped, 'row', 'rows')} of the report had no valid address.`);
  }

  const added = v.suppressed.added;
  const already = v.suppressed.already;
  const suppressed =
    added + already === 0
      ? 'Nothing was added to your suppression list: the report has no hard bounces, complaints or unsubscribes.'
      : `${n(added)} added to your suppression list${already > 0 ? ` (${n(already)} ${already === 1 ? 'was' : 'were'} already on it)` : ''}: hard bounces, complaints and unsubscribes are never sent to again.`;

  return { headline, origin, early, others, suppressed };
}
