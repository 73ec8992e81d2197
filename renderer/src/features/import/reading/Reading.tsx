// A list being read (a file's bytes, or a platform list's members): the whole screen's card while nothing can be reviewed
// yet, and a slim strip above the review while the other files of a batch
// are read behind it.
import type { ReactNode } from 'react';
import type { ImportProgressView } from '../../../../../electron/ipc/contract';
import { formatBytes, formatNumber, formatPercent } from '../../../format';
import type { Importing } from '../../../state/ui-store';
import { ProgressBar } from './ProgressBar';
import { membersReadLine, readingTitle } from '../import-words';
import type { ReadProgress } from '../../../../../electron/common/platform-views';

/** Coarse steps for screen readers: every tenth of the file (or the members), not every chunk. */
function announcement(title: string, importing: Importing): string {
  const part = share(importing);
  if (part === null) return title;
  return `${title}: ${formatPercent(Math.floor(part * 10) / 10)} read`;
}

function share({ progress, members }: Importing): number | null {
  if (members !== undefined) {
    return members?.total ? Math.min(1, members.members / members.total) : null;
  }
  return progress && progress.totalBytes > 0 ? progress.bytesRead / progress.totalBytes : null;
}

function valueText({ progress, members }: Importing): string {
  if (members !== undefined) return membersReadLine(members);
  return progress
    ? `${formatBytes(progress.bytesRead)} of ${formatBytes(progress.totalBytes)} read, ${formatNumber(progress.rows)} rows`
    : 'Opening the file';
}

export function Reading({ importing, notices }: { importing: Importing; notices: ReactNode }) {
  const { fileName, progress, members, index, total } = importing;
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
          value={share(importing)}
          labelledBy="reading-title"
          valueText={valueText(importing)}
        />
        {members !== undefined ? (
          <MembersRead members={members} />
        ) : (
          <FileRead progress={progress} total={total} />
        )}
        <p className="visually-hidden" role="status">
          {announcement(title, importing)}
        </p>
      </section>
    </>
  );
}

function FileRead({ progress, total }: { progress: ImportProgressView | null; total: number }) {
  return (
    <>
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
    </>
  );
}

/** A platform's list: the members read so far; nothing is written to the platform. */
function MembersRead({ members }: { members: ReadProgress | null }) {
  return (
    <>
      <p className="reading-numbers" aria-hidden="true">
        <span className="num" data-testid="reading-members">
          {membersReadLine(members)}
        </span>
      </p>
      <p className="hint">
        The members are read into a list on your computer and checked for typos and repeats. Nothing
        is written to the platform, and nothing is charged yet.
      </p>
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
        value={share(importing)}
        labelledBy="reading-strip-title"
        valueText={valueText(importing)}
      />
      <p className="hint">Each file read waits as a list below, ready to review.</p>
    </section>
  );
}
