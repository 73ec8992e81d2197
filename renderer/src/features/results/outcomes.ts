// The five outcomes of a row, in the order the user reads them, with their
// names and one sentence each: the same words in the chart legend, the rows
// table and the export panel.
import type { JobProduct, JobStateName, RowStatusName } from '../../../../electron/ipc/contract';
import { ROW_STATUSES } from '../../../../electron/common/model';

/** The row statuses main defines, in their order: best outcome first. */
export const OUTCOMES: readonly RowStatusName[] = ROW_STATUSES;

export const OUTCOME_LABEL: Record<RowStatusName | 'pending', string> = {
  deliverable: 'Deliverable',
  undeliverable: 'Undeliverable',
  unknown: 'Unknown',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
  pending: 'Not checked yet',
};

export const OUTCOME_MEANING: Record<RowStatusName, string> = {
  deliverable: 'The mailbox exists and accepts mail: safe to send to.',
  undeliverable: 'The provider has no such mailbox: mail sent there would bounce.',
  unknown: 'The service could not tell this time, so nothing was charged for it.',
  invalid: 'Not an email address, or an empty cell: removed for free, never sent.',
  duplicate: 'A repeat of an address higher up in the list: checked and paid for once.',
};

export const PRODUCT_LABEL: Record<JobProduct, string> = {
  email: 'Email',
  avatar: 'Email + avatar',
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
 * Provider codes as the service sends them, with the core's two extra keys
 * for rows without a provider. Codes are the providers' own short names, so
 * they are shown as they are.
 */
export function providerLabel(code: string): string {
  if (code === 'other') return 'Other providers';
  if (code === 'not registered') return 'No mailbox';
  if (code === 'not reported') return 'Not reported';
  return code;
}

const percentFormat = new Intl.NumberFormat(undefined, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

const zeroFormat = new Intl.NumberFormat(undefined, { style: 'percent' });

const countFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/**
 * A count for the user's locale: 12,345 in en-US, 12 345 in fr-FR. One
 * formatter, made once: the rows table formats a row number per row on every
 * scroll frame, and building an Intl.NumberFormat per call showed up as the
 * costliest function in a profile of scrolling a million rows.
 */
export const formatCount = (n: number): string => countFormat.format(n);

/**
 * A share with one decimal; a share too small to show as 0.1% still reads as
 * more than nothing (252 of a million is "<0.1%", not "0.0%").
 */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return zeroFormat.format(0);
  const share = part / whole;
  if (share < 0.001) return `<${percentFormat.format(0.001)}`;
  return percentFormat.format(share);
}
