// The words of Settings → Suppression list: what an import added, a file's
// line, and one address's entry.
import type {
  SuppressionEntryView,
  SuppressionImportView,
  SuppressionSourceView,
} from '../../../../../electron/common/suppression-views';
import { formatDate, formatNumber, plural } from '../../../format';
import { reasonWords } from '../../../../../electron/common/withheld-words';
import { english } from '../../../../../electron/common/i18n/message';

/** "Mailchimp cleaned members: 2,013 added, 4 replaced." (and the rows left out, if any). */
export function importLine(view: SuppressionImportView): string {
  const figures = `${view.label} (${view.fileName}): ${formatNumber(view.added)} added, ${formatNumber(view.replaced)} replaced`;
  if (view.skipped === 0) return `${figures}.`;
  return `${figures}; ${plural(view.skipped, 'row', 'rows')} without a valid address left out.`;
}

/** "2,013 addresses · added Nov 26, 2026". */
export const sourceLine = (source: SuppressionSourceView): string =>
  `${plural(source.entries, 'address', 'addresses')} · added ${formatDate(source.addedAt)}`;

/** "Hard bounce on Mar 2, 2025, from mailchimp-cleaned.csv (cleaned: Spring sale)." */
export function entryLine(entry: SuppressionEntryView): string {
  const reason = reasonWords(entry.reason, 1, english.t);
  const when = entry.date ? ` on ${formatDate(entry.date)}` : '';
  const from = entry.source ? `, from ${entry.source}` : '';
  const detail = entry.detail ? ` (${entry.detail})` : '';
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${when}${from}${detail}.`;
}
