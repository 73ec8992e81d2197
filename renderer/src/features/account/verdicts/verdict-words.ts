// What Settings → Other vendors' results says of an imported file: one line
// each for what was remembered, what was not kept and why, and what was skipped.
import type { VerdictImportView } from '../../../../../electron/common/verdict-views';
import { VENDOR_LABEL } from '../../../../../electron/common/vendors';
import { formatDate, formatNumber, plural } from '../../../format';

/** "news_all_results.csv: 1,204 rows of ZeroBounce results, checked Oct 3, 2026." */
export function headLine(view: VerdictImportView): string {
  return `${view.fileName}: ${plural(view.rows, 'row', 'rows')} of ${VENDOR_LABEL[view.vendor]} results, checked ${formatDate(`${view.date}T12:00:00Z`)} unless a row gives its own date.`;
}

/** The counts, each a line; nothing said of what is none. */
export function countLines(view: VerdictImportView): string[] {
  const { deliverable, undeliverable } = view.remembered;
  const vendor = VENDOR_LABEL[view.vendor];
  const lines = [
    `Remembered: ${formatNumber(deliverable)} deliverable, ${formatNumber(undeliverable)} undeliverable. Lists cleaned within the reuse window take these free, marked as ${vendor}’s.`,
  ];
  if (view.unknown > 0) {
    lines.push(
      `Not kept: ${plural(view.unknown, 'address', 'addresses')} ${vendor} could not call (catch-all, risky, disposable or unknown). They are checked when you clean a list with them.`,
    );
  }
  if (view.unmapped.length > 0) {
    const rows = view.unmapped.reduce((sum, w) => sum + w.rows, 0);
    const words = view.unmapped.map((w) => `“${w.word}” (${formatNumber(w.rows)})`).join(', ');
    lines.push(
      `Kept as unknown: ${plural(rows, 'row', 'rows')} with a word List Cleaner does not know: ${words}.`,
    );
  }
  if (view.skipped.noAddress > 0) {
    lines.push(
      `Skipped: ${plural(view.skipped.noAddress, 'row', 'rows')} without a valid address.`,
    );
  }
  if (view.skipped.older > 0) {
    lines.push(
      `Skipped: ${plural(view.skipped.older, 'address', 'addresses')} with a newer answer already remembered.`,
    );
  }
  if (view.memoryUnavailable) {
    lines.push('Answers cannot be remembered on this computer, so nothing was kept.');
  }
  return lines;
}
