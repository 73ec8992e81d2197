// The write-back panel: the report of the job's write-back when there is one
// (under way, done or stopped), else the plan to start one. "Write back
// again" after a report shows the plan again.
import { useState } from 'react';
import { useStartWriteBack, useWriteBackReport } from '../../../api/platform-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useT } from '../../../i18n/words';
import { WriteBackPlanView } from './WriteBackPlanView';
import { WriteBackReportView } from './WriteBackReportView';
import './writeback.css';

export function WriteBackPanel({ jobId }: { jobId: string }) {
  const t = useT();
  const report = useWriteBackReport(jobId);
  const start = useStartWriteBack(jobId);
  // The plan asked for again over a finished report; a new run shows its report.
  const [again, setAgain] = useState(false);

  if (report.isPending) {
    return <div className="drawer-body" aria-busy="true" aria-label={t('writeback.reading')} />;
  }
  if (report.isError) {
    return (
      <div className="drawer-body">
        <ErrorNotice error={report.error} title={t('writeback.error.read')} />
      </div>
    );
  }
  if (report.data && !again) {
    return (
      <WriteBackReportView
        report={report.data}
        jobId={jobId}
        start={start}
        onAgain={() => {
          start.reset();
          setAgain(true);
        }}
      />
    );
  }
  return (
    <WriteBackPlanView
      jobId={jobId}
      start={start}
      onStarted={() => setAgain(false)}
      onBack={report.data ? () => setAgain(false) : null}
    />
  );
}
