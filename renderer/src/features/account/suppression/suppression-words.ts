// The words of Settings → Suppression list: what an import added, a file's
// line, and one address's entry.
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import type {
  SuppressionEntryView,
  SuppressionImportView,
  SuppressionReasonView,
  SuppressionSourceView,
} from '../../../../../electron/common/views/suppression-views';
import { suppressionFormatName } from '../../../../../electron/common/words/suppression-format-words';
import { formatDate, formatNumber } from '../../../format';

/** Why an address is on the list, as the start of its entry's line. */
const REASON_WORDS = {
  hard_bounce: 'suppression.reason.hardBounce',
  soft_bounce: 'suppression.reason.softBounce',
  complaint: 'suppression.reason.complaint',
  unsubscribe: 'suppression.reason.unsubscribe',
  manual: 'suppression.reason.manual',
  other: 'suppression.reason.other',
} as const satisfies Record<SuppressionReasonView, MessageId>;

/** "Mailchimp cleaned members: 2,013 added, 4 replaced." (and the rows left out, if any). */
export function importLine(view: SuppressionImportView, t: Translate): string {
  const figures = {
    label: suppressionFormatName(t, view.label),
    fileName: view.fileName,
    added: formatNumber(view.added),
    replaced: formatNumber(view.replaced),
  };
  if (view.skipped === 0) return t('suppression.imported', figures);
  return t('suppression.importedSkipped', {
    ...figures,
    n: view.skipped,
    skipped: formatNumber(view.skipped),
  });
}

/** "2,013 addresses · added Nov 26, 2026". */
export const sourceLine = (source: SuppressionSourceView, t: Translate): string =>
  t('suppression.source', {
    n: source.entries,
    count: formatNumber(source.entries),
    date: formatDate(source.addedAt),
  });

/** "Hard bounce on Mar 2, 2025, from mailchimp-cleaned.csv (cleaned: Spring sale)." */
export function entryLine(entry: SuppressionEntryView, t: Translate): string {
  return t('suppression.entry', {
    reason: t(REASON_WORDS[entry.reason]),
    hasDate: entry.date ? 'yes' : 'no',
    date: entry.date ? formatDate(entry.date) : '',
    hasSource: entry.source ? 'yes' : 'no',
    source: entry.source,
    hasDetail: entry.detail ? 'yes' : 'no',
    detail: entry.detail,
  });
}
