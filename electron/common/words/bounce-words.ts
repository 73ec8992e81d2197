// A matched bounce report in plain sentences, the same in the results' Bounces
// tab and from `list-cleaner bounces`: first what counts as evidence (hard
// bounces of addresses we called deliverable, and when), then the rest, each
// said for what it is, in the reader's language (`t`).
import type { BounceReportView } from '../views/bounce-views';
import type { Translate } from '../i18n/message';

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
  /** The locale the days are written for (default en-US): "Oct 3". */
  locale?: string;
}

/** A day, or two: 'on' one day, 'between' two, or 'none' when the report dates none. */
interface Span {
  span: 'on' | 'between' | 'none';
  first: string;
  last: string;
}

/** "Oct 3", with the year when it is not the match's: dates are UTC days, as the file writes them. */
function dayOf(iso: string, year: number, locale: string): string {
  const d = new Date(iso);
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(d.getUTCFullYear() === year ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(d);
}

function spanOf(first: string | null, last: string | null, year: number, locale: string): Span {
  if (first === null || last === null) return { span: 'none', first: '', last: '' };
  const a = dayOf(first, year, locale);
  const b = dayOf(last, year, locale);
  return a === b ? { span: 'on', first: a, last: b } : { span: 'between', first: a, last: b };
}

export function bounceWords(
  v: BounceReportView,
  t: Translate,
  options: WordsOptions = {},
): BounceWords {
  const n = options.count ?? ((x: number) => x.toLocaleString('en-US'));
  const locale = options.locale ?? 'en-US';
  /** A count's placeholders: the number for the plural, and as written. */
  const counted = (x: number) => ({ n: x, count: n(x) });
  const year = new Date(v.matchedAt).getUTCFullYear();
  const d = v.deliverable;

  let headline: string;
  if (d.hard === 0) {
    headline = t(v.inList === 0 ? 'bounces.headline.notInList' : 'bounces.headline.noHard');
  } else {
    const bounced = spanOf(d.firstBounce, d.lastBounce, year, locale);
    const given = spanOf(d.firstVerdict, d.lastVerdict, year, locale);
    headline = sentence(
      t('bounces.headline.hard', {
        ...counted(d.hard),
        bounced: bounced.span,
        bounceFirst: bounced.first,
        bounceLast: bounced.last,
        given: given.span,
        verdictFirst: given.first,
        verdictLast: given.last,
      }),
    );
  }

  const origin =
    d.hard === 0
      ? null
      : d.reused === 0
        ? t('bounces.origin.paid', counted(d.hard))
        : d.paid === 0
          ? t('bounces.origin.reused', counted(d.hard))
          : t('bounces.origin.both', { paid: n(d.paid), reused: n(d.reused) });

  const early =
    d.beforeVerdict === 0
      ? null
      : d.beforeVerdict === d.hard
        ? t('bounces.early.all', counted(d.hard))
        : t('bounces.early.some', counted(d.beforeVerdict));

  const others: string[] = [];
  if (d.soft > 0) others.push(t('bounces.soft', counted(d.soft)));
  if (d.unspecified > 0) others.push(t('bounces.unspecified', counted(d.unspecified)));
  const right = [
    v.undeliverable > 0 ? t('bounces.other.undeliverable', counted(v.undeliverable)) : '',
    v.unknown > 0 ? t('bounces.other.unknown', counted(v.unknown)) : '',
    v.otherVerdict > 0 ? t('bounces.other.notChecked', counted(v.otherVerdict)) : '',
  ].filter(Boolean);
  if (right.length > 0) {
    const total = v.undeliverable + v.unknown + v.otherVerdict;
    others.push(t('bounces.other', { ...counted(total), listed: listOf(right, t) }));
  }
  if (v.complaints + v.unsubscribes > 0) {
    const parts = [
      v.complaints > 0 ? t('bounces.complaints', counted(v.complaints)) : '',
      v.unsubscribes > 0 ? t('bounces.unsubscribes', counted(v.unsubscribes)) : '',
    ].filter(Boolean);
    others.push(
      t('bounces.notBounces', { n: v.complaints + v.unsubscribes, parts: listOf(parts, t) }),
    );
  }
  if (v.notInList > 0) others.push(t('bounces.notInList', counted(v.notInList)));
  if (v.skipped > 0) others.push(t('bounces.skipped', counted(v.skipped)));

  const added = v.suppressed.added;
  const already = v.suppressed.already;
  const suppressed =
    added + already === 0
      ? t('bounces.suppressed.none')
      : already > 0
        ? t('bounces.suppressed.addedAlready', {
            ...counted(added),
            a: already,
            already: n(already),
          })
        : t('bounces.suppressed.added', counted(added));

  return { headline, origin, early, others, suppressed };
}

/**
 * A sentence whose last word is a day written with an abbreviation's period
 * ("3 окт.", "3. Okt."): that period ends the sentence too, as typography has it.
 */
const sentence = (text: string): string => text.replace(/\.\.$/, '.');

/** "a", "a and b", "a, b and c": the parts of one sentence. */
function listOf(parts: readonly string[], t: Translate): string {
  const [first = '', second, third] = parts;
  if (second === undefined) return first;
  if (third === undefined) return t('bounces.list.two', { first, second });
  return t('bounces.list.three', { first, second, third });
}
