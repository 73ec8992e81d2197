// A list being read: the whole screen's card while nothing can be reviewed
// yet, and a slim strip above the review while the other files of a batch
// are read behind it.
import type { ReactNode } from 'react';
import type { ImportProgressView } from '../../../../../electron/ipc/contract';
import { formatBytes, formatNumber, formatPercent } from '../../../format';
import type { Importing } from '../../../state/ui-store';
import { ProgressBar } from './ProgressBar';
import { readingTitle } from '../import-words';

/** Coarse steps for screen readers: every tenth of the file, not every chunk. */
function announcement(title: string, progress: ImportProgressView | null): string {
  if (!progress || progress.totalBytes === 0) return title;
  const tenth = Math.floor((progress.bytesRead / progress.totalBytes) * 10) / 10;
  return `${title}: ${formatPercent(tenth)} read`;
}

function share(progress: ImportProgressView | null): number | null {
  return progress && progress.totalBytes > 0 ? progress.bytesRead / progress.totalBytes : null;
}

function valueText(progress: ImportProgressView | null): string {
  return progress
    ? `${formatBytes(progress.bytesRead)} of ${formatBytes(progress.totalBytes)} read, ${formatNumber(progress.rows)} rows`
    : 'Opening the file';
}

export function Reading({ importing, notices }: { importing: Importing; notices: ReactNode }) {
  const { fileName, progress, index, total } = importing;
  const title = readingTitle(fileName, index, total);
  return (
    <>
      <h1 className="page-title">Check a new list</h1>
      {notices}
      <section className="card reading" aria-labelledby="reading-title" aria-busy="true">
        <h2 id="reading-title" className="reading-title file-name">
          {title}
        </h2>
        <ProgressBar
          value={share(progress)}
          labelledBy="reading-title"
          valueText={valueText(progress)}
        />
        <p className="reading-numbers" aria-hidden="true">
          <span className="num" data-testid="reading-bytes">
            {progress
              ? `${formatBytes(progress.bytesRead)} of ${formatBytes(progress.totalBytes)}`
              : 'Opening the file…'}
          </span>
          <span className="num" data-testid="reading-rows">
            {progress ? `${formatNumber(progress.rows)} rows` : ''}
          </span>
        </p>
        <p className="hint">
          Addresses are checked for typos and repeats as the file is read, on your computer. Nothing
          is sent yet.
          {total > 1 && ' Each file becomes its own list; the first one read is shown for review.'}
        </p>
        <p className="visually-hidden" role="status">
          {announcement(title, progress)}
        </p>
      </section>
    </>
  );
}

/**
 * The rest of a batch being read while the first list is reviewed. Only the
 * change of file is read out: the review is what the user is busy with.
 */
export function ReadingStrip({ importing }: { importing: Importing }) {
  const title = readingTitle(importing.fileName, importing.index, importing.total);
  return (
    <section className="reading-strip" aria-labelledby="reading-strip-title" aria-busy="true">
      <p id="reading-strip-title" className="reading-strip-title file-name" role="status">
        {title}
      </p>
      <ProgressBar
        value={share(importing.progress)}
        labelledBy="reading-strip-title"
        valueText={valueText(importing.progress)}
      />
      <p className="hint">Each file read waits as a list below, ready to review.</p>
    </section>
  );
}
