// "Write back to Mailchimp…" in a finished job's header, for a list read from
// a platform, and the side panel it opens (in the Export drawer's frame).
import { useRef, useState } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { PLATFORM_NAMES } from '../../../../../electron/common/catalogs/platforms';
import { useWriteBackProgress, useWriteBackReport } from '../../../api/platform-hooks';
import { useT } from '../../../i18n/words';
import { ExportDrawer } from '../export/ExportDrawer';
import { WriteBackPanel } from './WriteBackPanel';
import { progressLine } from './writeback-words';

/** A write-back under way, said beside its button while the panel is closed. */
function WriteBackUnderWay({ jobId }: { jobId: string }) {
  const t = useT();
  const { data: report } = useWriteBackReport(jobId);
  const progress = useWriteBackProgress((s) => s.byJob[jobId]);
  if (report?.state !== 'writing') return null;
  return (
    <span className="hint" role="status" data-testid="writeback-under-way">
      {progressLine(t, report, progress)}
    </span>
  );
}

export function WriteBackAction({ job }: { job: JobView }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!job.source || job.state !== 'done') return null;
  const platform = PLATFORM_NAMES[job.source.platform];
  const title = t('writeback.title', { platform });
  return (
    <>
      <button
        type="button"
        className="button secondary"
        ref={button}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('writeback.open', { platform })}
      </button>
      {!open && <WriteBackUnderWay jobId={job.id} />}
      <ExportDrawer
        open={open}
        title={title}
        onClose={() => setOpen(false)}
        returnFocus={() => button.current}
        testId="writeback-drawer"
      >
        <WriteBackPanel jobId={job.id} />
      </ExportDrawer>
    </>
  );
}
