// What `clean` and `resume` are told about cost: which addresses not to pay
// for (--skip), how long a paid answer is reused (--reuse-days), the most a
// job may spend (--max-spend), whether the suppression list and the rules
// apply (--ignore), each parsed into the core's CostChoices. A
// flag not given takes the app's setting (the reuse window and the limit are
// List Cleaner's Settings), so the app and the command line choose alike.
import { MAX_REUSE_DAYS, MAX_SPEND_MICROS } from '../../common/limits';
import {
  DEFAULT_SKIP,
  OTHERS_CHOICES,
  SKIP_KINDS,
  type OthersChoice,
  type SkipKind,
} from '../../common/model';
import type { SkipChoice } from '../../common/views/views';
import { skipChoiceOf, type CostChoices, type IgnoreChoice } from '../../jobs/money/choices';
import { message } from '../../common/i18n/message';
import { UsageError, type Values } from './args';
import { eitherOf } from '../output/say';

/** The kinds --skip takes, as typed. */
const SKIP_NAMES = SKIP_KINDS.join(', ');

/** `--skip disposable,role` → the review's "Don't pay for" boxes; absent: the review's defaults. */
export function parseSkip(value: string | undefined): SkipChoice {
  if (value === undefined) return skipChoiceOf(DEFAULT_SKIP);
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0);
  if (names.length === 1 && names[0] === 'none') return skipChoiceOf([]);
  if (names.length === 0) throw new UsageError(message('cli.usage.skip', { kinds: SKIP_NAMES }));
  const unknown = names.filter((name) => !(SKIP_KINDS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    const said = unknown.map((name) => `"${name}"`).join(', ');
    throw new UsageError(message('cli.usage.skipUnknown', { unknown: said, kinds: SKIP_NAMES }));
  }
  return skipChoiceOf(names as SkipKind[]);
}

/** `--reuse-days N`: whole days from 0 (never reuse) to a year; absent: undefined. */
export function parseReuseDays(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const days = /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : NaN;
  if (!(days >= 0 && days <= MAX_REUSE_DAYS)) {
    throw new UsageError(message('cli.usage.reuseDays', { max: MAX_REUSE_DAYS }));
  }
  return days;
}

/**
 * `--max-spend 12.50` (USD) → micros; `none` → no limit (null); absent:
 * undefined. Parsed from the digits, never through a float: 0.1 + 0.2 USD is
 * 300,000 micros exactly.
 */
export function parseMaxSpend(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text.toLowerCase() === 'none') return null;
  const match = /^(\d{1,7})(?:\.(\d{1,6}))?$|^\.(\d{1,6})$/.exec(text);
  const micros = match
    ? Number(match[1] ?? '0') * 1_000_000 + Number((match[2] ?? match[3] ?? '').padEnd(6, '0'))
    : NaN;
  if (!(micros > 0 && micros <= MAX_SPEND_MICROS)) {
    throw new UsageError(message('cli.usage.maxSpend', { max: MAX_SPEND_MICROS / 1_000_000 }));
  }
  return micros;
}

/**
 * `--others email`: with --product avatar, the addresses at providers the
 * avatar check does not cover are checked with Email; `skip` (the default)
 * leaves them unsent, as not_covered.
 */
export function parseOthers(value: string | undefined): OthersChoice {
  if (value === undefined) return 'skip';
  const choice = value.trim().toLowerCase();
  if (!(OTHERS_CHOICES as readonly string[]).includes(choice)) {
    throw new UsageError(message('cli.usage.others', { choices: eitherOf(OTHERS_CHOICES) }));
  }
  return choice as OthersChoice;
}

const IGNORED = ['suppression', 'rules'] as const;

/**
 * `--ignore suppression,rules`: leave the account's suppression list, or the
 * user's allow and block rules, unapplied for this job; absent: both apply.
 */
export function parseIgnore(value: string | undefined): IgnoreChoice {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0);
  if (value !== undefined && names.length === 0) {
    throw new UsageError(message('cli.usage.ignore', { names: IGNORED.join(', ') }));
  }
  const unknown = names.filter((name) => !(IGNORED as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new UsageError(
      message('cli.usage.ignoreUnknown', {
        unknown: unknown.map((name) => `"${name}"`).join(', '),
        names: eitherOf(IGNORED),
      }),
    );
  }
  return { suppression: names.includes('suppression'), rules: names.includes('rules') };
}

/** What the app's Settings say, for the flags not given. */
export interface CostDefaults {
  reuseDays: number;
  maxSpendMicros: number | null;
}

/** The choices of one `clean`: the flags, else the app's settings. */
export function costChoicesOf(values: Values, defaults: CostDefaults): CostChoices {
  const reuseDays = parseReuseDays(values['reuse-days']);
  const limit = parseMaxSpend(values['max-spend']);
  return {
    skip: parseSkip(values.skip),
    reuseDays: reuseDays ?? defaults.reuseDays,
    limitMicros: limit === undefined ? defaults.maxSpendMicros : limit,
    others: parseOthers(values.others),
    ignore: parseIgnore(values.ignore),
  };
}

/** Every cost flag parsed, so a mistake in one is refused before anything is read or sent. */
export function checkCostFlags(values: Values): void {
  parseSkip(values.skip);
  parseReuseDays(values['reuse-days']);
  parseMaxSpend(values['max-spend']);
  parseOthers(values.others);
  parseIgnore(values.ignore);
}
