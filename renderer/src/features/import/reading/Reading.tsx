// A list being read (a file's bytes, or a platform list's members): the whole screen's card while nothing can be reviewed
// yet, and a slim strip above the review while the other files of a batch
// are read behind it.
import type { ReactNode } from 'react';
import type { ImportProgressView } from '../../../../../electron/ipc/contract';
import { formatBytes, formatNumber, formatPercent } from '../../../format';
import type { Importing } from '../../../state/ui-store';
import { ProgressBar } from './ProgressBar';
import { membersReadLine, readingTitle } from '../import-words';
import type { ReadProgress } from '../../../../../electron/common/views/platform-views';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { useT } from '../../../i18n/words';

/** Coarse steps for screen readers: every tenth of the file (or the members), not every chunk. */
function announcement(title: string, importing: Importing, t: Translate): string {
  const part = share(importing);
  if (part === null) return title;
  return t('import.reading.announce', { title, share: formatPercent(Math.floor(part * 10) / 10) });
}

function share({ progress, members }: Importing): number | null {
  if (members !== undefined) {
    return members?.total ? Math.min(1, members.members / members.total) : null;
  }
  return progress && progress.totalBytes > 0 ? progress.bytesRead / progress.totalBytes : null;
}

function valueText({ progress, members }: Importing, t: Translate): string {
  if (members !== undefined) return membersReadLine(members, t);
  return progress
    ? t('import.reading.valueText', {
        read: formatBytes(progress.bytesRead),
        total: formatBytes(progress.totalBytes),
        n: progress.rows,
        rows: formatNumber(progress.rows),
      })
    : t('import.reading.opening');
}

export function Reading({ importing, notices }: { importing: Importing; notices: ReactNode }) {
  const { fileName, progress, members, index, total } = importing;
  const t = useT();
  const title = readingTitle(fileName, index, total, t);
  return (
    <>
      <h1 className="page-title">{t('import.title')}</h1>
      {notices}
      <section className="card reading" aria-labelledby="reading-title" aria-busy="true">
        <h2 id="reading-title" className="reading-title file-name">
          {title}
        </h2>
        <ProgressBar
          value={share(importing)}
          labelledBy="reading-title"
          valueText={valueText(importing, t)}
        />
        {members !== undefined ? (
          <MembersRead members={members} />
        ) : (
          <FileRead progress={progress} total={total} />
        )}
        <p className="visually-hidden" role="status">
          {announcement(title, importing, t)}
        </p>
      </section>
    </>
  );
}

function FileRead({ progress, total }: { progress: ImportProgressView | null; total: number }) {
  const t = useT();
  return (
    <>
      <p className="reading-numbers" aria-hidden="true">
        <span className="num" data-testid="reading-bytes">
          {progress
            ? t('import.reading.bytes', {
                read: formatBytes(progress.bytesRead),
                total: formatBytes(progress.totalBytes),
              })
            : t('import.reading.openingNow')}
        </span>
        <span className="num" data-testid="reading-rows">
          {progress
            ? t('import.reading.rows', { n: progress.rows, rows: formatNumber(progress.rows) })
            : ''}
        </span>
      </p>
      <p className="hint">{total > 1 ? t('import.reading.hintMany') : t('import.reading.hint')}</p>
    </>
  );
}

/** A platform's list: the members read so far; nothing is written to the platform. */
function MembersRead({ members }: { members: ReadProgress | null }) {
  const t = useT();
  return (
    <>
      <p className="reading-numbers" aria-hidden="true">
        <span className="num" data-testid="reading-members">
          {membersReadLine(members, t)}
        </span>
      </p>
      <p className="hint">{t('import.reading.membersHint')}</p>
    </>
  );
}

/**
 * The rest of a batch being read while the first list is reviewed. Only the
 * change of file is read out: the review is what the user is busy with.
 */
export function ReadingStrip({ importing }: { importing: Importing }) {
  const t = useT();
  const title = readingTitle(importing.fileName, importing.index, importing.total, t);
  return (
    <section className="reading-strip" aria-labelledby="reading-strip-title" aria-busy="true">
      <p id="reading-strip-title" className="reading-strip-title file-name" role="status">
        {title}
      </p>
      <ProgressBar
        value={share(importing)}
        labelledBy="reading-strip-title"
        valueText={valueText(importing, t)}
      />
      <p className="hint">{t('import.reading.stripHint')}</p>
    </section>
  );
}
