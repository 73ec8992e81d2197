// The outcomes of a row, in the order the user reads them, with their names
// and one sentence each: the same words in the chart legend, the rows table
// and the export panel. Disposable and role are the outcomes of addresses the
// user chose not to pay for; not covered, of addresses an Email + avatar check
// does not cover; suppressed and blocked, of addresses the suppression list or
// a block rule keeps out: none of these is ever sent.
import type { JobStateName, RowStatusName } from '../../../../electron/ipc/contract';
import { ROW_STATUSES } from '../../../../electron/common/model';
import { providerName } from '../../../../electron/common/providers';
import { english } from '../../../../electron/common/i18n/message';
import { VENDOR_LABEL, type VerdictVendor } from '../../../../electron/common/vendors';

/** The row statuses main defines, in their order: best outcome first. */
export const OUTCOMES: readonly RowStatusName[] = ROW_STATUSES;

export const OUTCOME_LABEL: Record<RowStatusName | 'pending', string> = {
  deliverable: 'Deliverable',
  undeliverable: 'Undeliverable',
  unknown: 'Unknown',
  invalid: 'Invalid',
  duplicate: 'Repeat',
  disposable: 'Disposable',
  role: 'Role address',
  not_covered: 'Not covered by avatar',
  suppressed: 'Suppressed',
  blocked: 'Blocked by a rule',
  pending: 'Not checked yet',
};

export const OUTCOME_MEANING: Record<RowStatusName, string> = {
  deliverable: 'The mailbox exists and accepts mail: safe to send to.',
  undeliverable:
    'The provider has no such mailbox, or the domain takes no mail: mail sent there would bounce.',
  unknown: 'The service could not tell this time, so nothing was charged for it.',
  invalid: 'Not an email address, or an empty cell: removed for free, never sent.',
  duplicate: 'A repeat of an address higher up in the list: checked and paid for once.',
  disposable: 'At a disposable domain: left out by your choice, never sent, nothing charged.',
  role: 'A role mailbox such as info@ or sales@: left out by your choice, nothing charged.',
  not_covered:
    'At a mailbox provider the Email + avatar check does not cover: not sent, nothing charged. Check these with Email to know whether they receive mail.',
  suppressed:
    'On your suppression list (a bounce, a complaint or an unsubscribe your platform reported): never sent, nothing charged. The reason is in the flags.',
  blocked: 'Left out by one of your block rules (Settings → Rules): never sent, nothing charged.',
};

export const STATE_LABEL: Record<JobStateName, string> = {
  draft: 'Not started',
  queued: 'Queued',
  checking: 'Checking',
  waiting: 'Waiting for the service',
  downloading: 'Downloading results',
  done: 'Done',
  failed: 'Failed',
};

/**
 * Provider codes in words (common/providers.ts), with the core's two extra
 * keys for rows without a provider.
 */
export function providerLabel(code: string): string {
  if (code === 'not registered') return 'No mailbox';
  if (code === 'not reported') return 'Not reported';
  return providerName(code, english.t);
}

/**
 * How a reused answer is said in its row: "Reused (Oct 3)" for one of the
 * account's own, "Reused (ZeroBounce, Oct 3)" for another vendor's verdict
 * imported into the memory (Settings → Other vendors' results).
 */
export function reusedWords(
  reused: { checkedAt: number; source: VerdictVendor | null },
  locale?: string,
): string {
  const day =
    reused.checkedAt > 0
      ? new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }).format(
          new Date(reused.checkedAt * 1000),
        )
      : null;
  const parts = [reused.source ? VENDOR_LABEL[reused.source] : null, day].filter(Boolean);
  return parts.length > 0 ? `Reused (${parts.join(', ')})` : 'Reused';
}
