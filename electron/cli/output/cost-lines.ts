// What `clean` says on stderr before anything is paid for: what is reused
// from answers already paid, what is not sent (--skip), for Email + avatar how
// the rest stands with the avatar check's providers and what each group costs,
// what is sent and at what charge, and what the free steps saved, in money.
// One line each, only for what there is, in the command line's language
// (`cliWords().t`); the options named (--skip, --others) stay as typed.
import type { Estimate } from '../../jobs/start';
import type { Translate } from '../../common/i18n/message';
import { balanceAfter, money, moneyDecimals, usd, usdExact } from '../../common/money';
import { withheldSentences } from '../../common/words/withheld-words';

const n = (x: number) => x.toLocaleString('en-US');

/** "8 checked in the last 30 days: reused, free." */
export function reusedLine(e: Estimate, t: Translate): string | null {
  const { count, days } = e.reused;
  if (count === 0) return null;
  return t('cost.cli.reused', { count: n(count), n: days, days: n(days) });
}

/** "Not paid for (--skip): 2 disposable, 1 role, 3 at domains with no mail server (undeliverable)." */
export function skippedLine(e: Estimate, t: Translate): string | null {
  const { disposable, role, noMail } = e.skipped;
  const parts = [
    disposable > 0 ? t('cost.cli.skipped.disposable', { n: disposable, count: n(disposable) }) : '',
    role > 0 ? t('cost.cli.skipped.role', { n: role, count: n(role) }) : '',
    noMail > 0 ? t('cost.cli.skipped.noMail', { n: noMail, count: n(noMail) }) : '',
  ].filter(Boolean);
  return parts.length > 0 ? t('cost.cli.skipped', { parts: parts.join(', ') }) : null;
}

/** " ($1.20)", " (up to $1.20)", or nothing while the price is not known; exact, as every figure. */
const priced = (t: Translate, micros: number | null, upTo = false) =>
  micros === null
    ? ''
    : t(upTo ? 'cost.cli.pricedUpTo' : 'cost.cli.priced', { amount: usd(micros) });

/**
 * Email + avatar: "Avatar coverage: 1,000 at covered providers ($3.00); 200
 * at providers it does not cover: not sent, free (--others email checks them
 * with Email); 20 at domains not known yet, by multi checks (up to $0.06;
 * uncovered ones come back without a result, free)."
 */
export function coverageLine(e: Estimate, t: Translate): string | null {
  if (!e.coverage) return null;
  const { covered, outside, unknown } = e.coverage;
  const others =
    outside.others === 'email'
      ? t('cost.cli.coverage.outsideEmail', {
          count: n(outside.count),
          priced: priced(t, outside.costMicros),
        })
      : outside.count > 0
        ? t('cost.cli.coverage.outsideSkipped', { count: n(outside.count) })
        : t('cost.cli.coverage.outsideNone', { count: n(outside.count) });
  const notKnown =
    unknown.count > 0
      ? t('cost.cli.coverage.unknown', {
          count: n(unknown.count),
          priced: priced(t, unknown.costMicros, true),
        })
      : t('cost.cli.coverage.unknownNone');
  return t('cost.cli.coverage', {
    count: n(covered.count),
    priced: priced(t, covered.costMicros),
    others,
    notKnown,
  });
}

/** How many are sent, what it costs, the balance after it and the limit. */
export function sendLine(e: Estimate, t: Translate): string {
  if (e.toSend === 0) return t('cost.cli.nothingToSend');
  const limit =
    e.limitMicros !== null ? t('cost.cli.limit', { limit: usdExact(e.limitMicros) }) : '';
  const sending = t('cost.cli.sending', {
    n: e.unique,
    count: n(e.toSend),
    of: n(e.unique),
    tasks: e.bulkTasks,
    taskCount: n(e.bulkTasks),
  });
  if (e.estimateMicros === null) return t('cost.cli.priceNotKnown', { sending, limit });
  // The estimate, the balance and the balance after are one sum: one precision.
  const after = e.balanceMicros === null ? null : balanceAfter(e.balanceMicros, e.estimateMicros);
  const figures = [e.estimateMicros, e.balanceMicros ?? 0, after ?? 0];
  const shown = (m: number) => money(m, { locale: 'en-US', decimals: moneyDecimals(figures) });
  const balance =
    e.balanceMicros === null || after === null
      ? t('cost.cli.balanceUnknown')
      : t('cost.cli.balance', { balance: shown(e.balanceMicros), after: shown(after) });
  return t('cost.cli.estimated', {
    sending,
    charge: shown(e.estimateMicros),
    balance,
    limit,
  });
}

/**
 * "Not paid for, thanks to the free steps: $0.02 for invalid addresses and
 * repeats, $0.03 for addresses you chose not to pay for, $0.01 for answers reused."
 */
export function savingsLine(e: Estimate, t: Translate): string | null {
  if (!e.savings) return null;
  const { cleanedMicros, skippedMicros, reusedMicros, withheldMicros } = e.savings;
  const parts = [
    cleanedMicros > 0 ? t('cost.cli.saved.cleaned', { amount: usd(cleanedMicros) }) : '',
    skippedMicros > 0 ? t('cost.cli.saved.skipped', { amount: usd(skippedMicros) }) : '',
    reusedMicros > 0 ? t('cost.cli.saved.reused', { amount: usd(reusedMicros) }) : '',
    withheldMicros > 0 ? t('cost.cli.saved.withheld', { amount: usd(withheldMicros) }) : '',
  ].filter(Boolean);
  return parts.length > 0 ? t('cost.cli.saved', { parts: parts.join(', ') }) : null;
}

/** Every line, in the order printed. */
export const estimateLines = (e: Estimate, t: Translate): string[] =>
  [
    reusedLine(e, t),
    ...withheldSentences(e.withheld, n, t).map((s) => s.text),
    skippedLine(e, t),
    coverageLine(e, t),
    sendLine(e, t),
    savingsLine(e, t),
  ].filter((line): line is string => line !== null);
