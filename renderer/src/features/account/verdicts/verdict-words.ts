// What Settings → Other vendors' results says of an imported file: one line
// each for what was remembered, what was not kept and why, and what was skipped.
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { VerdictImportView } from '../../../../../electron/common/views/verdict-views';
import { VENDOR_LABEL } from '../../../../../electron/common/catalogs/vendors';
import { formatDate, formatNumber } from '../../../format';

/** A count's values: the number for the plural's choice, and as the locale writes it. */
const counted = (n: number) => ({ n, count: formatNumber(n) });

/** "news_all_results.csv: 1,204 rows of ZeroBounce results, checked Oct 3, 2026." */
export function headLine(view: VerdictImportView, t: Translate): string {
  return t('verdicts.head', {
    fileName: view.fileName,
    ...counted(view.rows),
    vendor: VENDOR_LABEL[view.vendor],
    date: formatDate(`${view.date}T12:00:00Z`),
  });
}

/** The counts, each a line; nothing said of what is none. */
export function countLines(view: VerdictImportView, t: Translate): string[] {
  const { deliverable, undeliverable } = view.remembered;
  const vendor = VENDOR_LABEL[view.vendor];
  const lines = [
    t('verdicts.remembered', {
      deliverable: formatNumber(deliverable),
      undeliverable: formatNumber(undeliverable),
      vendor,
    }),
  ];
  if (view.unknown > 0) lines.push(t('verdicts.notKept', { ...counted(view.unknown), vendor }));
  if (view.unmapped.length > 0) {
    const rows = view.unmapped.reduce((sum, w) => sum + w.rows, 0);
    const words = view.unmapped
      .map((w) => t('verdicts.word', { word: w.word, count: formatNumber(w.rows) }))
      .join(', ');
    lines.push(t('verdicts.unmapped', { ...counted(rows), words }));
  }
  if (view.skipped.noAddress > 0)
    lines.push(t('verdicts.noAddress', counted(view.skipped.noAddress)));
  if (view.skipped.older > 0) lines.push(t('verdicts.older', counted(view.skipped.older)));
  if (view.memoryUnavailable) lines.push(t('verdicts.memoryUnavailable'));
  return lines;
}
