// "Write back to Mailchimp…" in a finished job's header, for a list read from
// a platform, and the side panel it opens (in the Export drawer's frame).
import { useRef, useState } from 'react';
import type { JobView } from '../../../../../electron/ipc/contract';
import { PLATFORM_NAMES } from '../../../../../electron/common/platforms';
import { ExportDrawer } from '../export/ExportDrawer';
import { WriteBackPanel } from './WriteBackPanel';

export function WriteBackAction({ job }: { job: JobView }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!job.source || job.state !== 'done') return null;
  const title = `Write back to ${PLATFORM_NAMES[job.source.platform]}`;
  return (
    <>
      <button
        type="button"
        className="button secondary"
        ref={button}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {title}…
      </button>
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
