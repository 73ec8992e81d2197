// The outcomes of a row, in the order the user reads them, with their names
// and one sentence each: the same words in the chart legend, the rows table
// and the export panel. Disposable and role are the outcomes of addresses the
// user chose not to pay for; not covered, of addresses an Email + avatar check
// does not cover; suppressed and blocked, of addresses the suppression list or
// a block rule keeps out: none of these is ever sent. The names are the
// catalog's (locales/GLOSSARY.md's terms); exports keep the statuses' own
// English values, so these maps name messages, never the values.
import type { JobStateName, RowStatusName } from '../../../../electron/ipc/contract';
import type { MessageId } from '../../../../electron/common/i18n/translate';
import type { Translate } from '../../../../electron/common/i18n/message';
import { ROW_STATUSES } from '../../../../electron/common/model';
import { providerName } from '../../../../electron/common/catalogs/providers';
import { VENDOR_LABEL, type VerdictVendor } from '../../../../electron/common/catalogs/vendors';

/** The row statuses main defines, in their order: best outcome first. */
export const OUTCOMES: readonly RowStatusName[] = ROW_STATUSES;

/** Each outcome's name, as the window shows it: one message per status. */
export const OUTCOME_LABEL_ID = {
  deliverable: 'outcome.deliverable',
  undeliverable: 'outcome.undeliverable',
  unknown: 'outcome.unknown',
  invalid: 'outcome.invalid',
  duplicate: 'outcome.duplicate',
  disposable: 'outcome.disposable',
  role: 'outcome.role',
  not_covered: 'outcome.notCovered',
  suppressed: 'outcome.suppressed',
  blocked: 'outcome.blocked',
  reused: 'outcome.reused',
  pending: 'outcome.pending',
} as const satisfies Record<RowStatusName | 'reused' | 'pending', MessageId>;

/** An outcome's name in the language of `t`: "Deliverable", "Zustellbar"… */
export const outcomeLabel = (outcome: RowStatusName | 'reused' | 'pending', t: Translate): string =>
  t(OUTCOME_LABEL_ID[outcome]);

const OUTCOME_MEANING_ID = {
  deliverable: 'outcome.meaning.deliverable',
  undeliverable: 'outcome.meaning.undeliverable',
  unknown: 'outcome.meaning.unknown',
  invalid: 'outcome.meaning.invalid',
  duplicate: 'outcome.meaning.duplicate',
  disposable: 'outcome.meaning.disposable',
  role: 'outcome.meaning.role',
  not_covered: 'outcome.meaning.notCovered',
  suppressed: 'outcome.meaning.suppressed',
  blocked: 'outcome.meaning.blocked',
} as const satisfies Record<RowStatusName, MessageId>;

/** What an outcome means, in one sentence. */
export const outcomeMeaning = (outcome: RowStatusName, t: Translate): string =>
  t(OUTCOME_MEANING_ID[outcome]);

const STATE_LABEL_ID = {
  draft: 'results.state.draft',
  queued: 'results.state.queued',
  checking: 'results.state.checking',
  waiting: 'results.state.waiting',
  downloading: 'results.state.downloading',
  done: 'results.state.done',
  failed: 'results.state.failed',
} as const satisfies Record<JobStateName, MessageId>;

/** A job's state as the results' header says it. */
export const stateLabel = (state: JobStateName, t: Translate): string => t(STATE_LABEL_ID[state]);

/**
 * Provider codes in words (as common/catalogs/providers.ts names them), with the
 * core's two extra keys for rows without a provider. A real service's codes
 * are shown as it sends them.
 */
export function providerLabel(code: string, t: Translate): string {
  if (code === 'not registered') return t('results.provider.noMailbox');
  if (code === 'not reported') return t('results.provider.notReported');
  if (code === 'other') return t('results.provider.other');
  // One rule for a provider's name, the command line's too: the demo's by name ("Gmail").
  return providerName(code, t);
}

/**
 * How a reused answer is said in its row: "Reused (Oct 3)" for one of the
 * account's own, "Reused (ZeroBounce, Oct 3)" for another vendor's verdict
 * imported into the memory (Settings → Other vendors' results).
 */
export function reusedWords(
  reused: { checkedAt: number; source: VerdictVendor | null },
  t: Translate,
  locale?: string,
): string {
  const day =
    reused.checkedAt > 0
      ? new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(
          new Date(reused.checkedAt * 1000),
        )
      : null;
  const source = reused.source ? VENDOR_LABEL[reused.source] : null;
  if (source && day) return t('outcome.reusedFromOn', { source, day });
  if (source) return t('outcome.reusedFrom', { source });
  if (day) return t('outcome.reusedOn', { day });
  return t('outcome.reused');
}
