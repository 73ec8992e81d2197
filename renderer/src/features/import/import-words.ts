// The import screen's sentences about where a list comes from, as pure
// functions: a pasted text refused before it is sent, the progress of a batch
// of files and of a platform's list, the rows above a workbook sheet's header, and the file's format
// in the review's facts; each in the language of the caller's `t`.
import { MAX_PASTE_CHARS } from '../../../../electron/common/limits';
import type { ImportView } from '../../../../electron/ipc/contract';
import type { ReadProgress } from '../../../../electron/common/views/platform-views';
import type { Translate } from '../../../../electron/common/i18n/message';
import { formatNumber } from '../../format';

/**
 * Why a pasted text is not sent to main, or null when it may be: main refuses
 * the same (the contract's limit), but the window can say it in the user's
 * words before a 20 MB message crosses the process boundary.
 */
export function pasteProblem(text: string, t: Translate): string | null {
  if (text.length > MAX_PASTE_CHARS) {
    return t('import.paste.tooLong', { limit: formatNumber(MAX_PASTE_CHARS) });
  }
  if (text.trim() === '') return t('import.paste.empty');
  return null;
}

/**
 * The first part of a pasted text too long to take: whole lines up to the
 * limit, and how many lines are in it and left over. Null when it fits.
 */
export function pasteFirstPart(
  text: string,
  limit = MAX_PASTE_CHARS,
): { text: string; lines: number; left: number } | null {
  if (text.length <= limit) return null;
  const end = text.lastIndexOf('\n', limit);
  if (end <= 0) return null;
  const first = text.slice(0, end);
  // Lines with something in them: a last line break ends a line, it does not start one.
  // Counted by indexOf, not a match array: a paste this long has millions of lines.
  const count = (s: string) => {
    if (s.trim() === '') return 0;
    let n = s.endsWith('\n') ? 0 : 1;
    for (let at = s.indexOf('\n'); at !== -1; at = s.indexOf('\n', at + 1)) n += 1;
    return n;
  };
  return { text: first, lines: count(first), left: count(text.slice(end + 1)) };
}

/** "Reading april.xlsx", or "Reading 2 of 3: april.xlsx" when several files were given at once. */
export function readingTitle(fileName: string, index: number, total: number, t: Translate): string {
  return total > 1
    ? t('import.reading.titleOf', {
        index: formatNumber(index),
        total: formatNumber(total),
        fileName,
      })
    : t('import.reading.title', { fileName });
}

/**
 * How far a platform's list is read: "1,200 of about 5,000 members read". The
 * platform's own count is approximate (it may count members the choice leaves out).
 */
export function membersReadLine(read: ReadProgress | null, t: Translate): string {
  if (read === null) return t('import.reading.membersFirst');
  return read.total !== null && read.total > 0
    ? t('import.reading.membersOf', {
        n: read.total,
        count: formatNumber(read.members),
        total: formatNumber(read.total),
      })
    : t('import.reading.members', { n: read.members, count: formatNumber(read.members) });
}

/** The rows a workbook's sheet has above its header (a title, a date), said once. */
export function skippedRowsLine(skipped: number, t: Translate): string | null {
  if (skipped <= 0) return null;
  return t('review.sheet.skippedRows', { n: skipped, count: formatNumber(skipped) });
}

/** The review's "Format" fact for a workbook: "Excel workbook, sheet March"; null for a text list. */
export function workbookFormat(view: Pick<ImportView, 'workbook'>, t: Translate): string | null {
  const book = view.workbook;
  if (!book) return null;
  const sheet = book.sheets.find((s) => s.index === book.sheet);
  return sheet
    ? t('review.facts.workbookSheet', { sheet: sheet.name })
    : t('review.facts.workbook');
}
