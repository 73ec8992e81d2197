// The Jobs screen: every job of the account in use as a card, newest first; a history that
// can be searched by file name, and grouped by month once it is long (JobHistory.tsx).
// With a team store connected, "Mine" is that and "Team" the finished jobs of
// everyone on the account (team/TeamJobs.tsx), read only.
import { useState } from 'react';
import { useAccount } from '../../api/hooks';
import { useJobs } from '../../api/job-hooks';
import { useTeam } from '../../api/team-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useT } from '../../i18n/words';
import { useUiStore } from '../../state/ui-store';
import { useFlowFocus } from '../import/use-file-import';
import { ResultsTabs } from '../results/ResultsTabs';
import { JobHistory } from './list/JobHistory';
import { TeamJobs } from './team/TeamJobs';
import { isActive, jobName, stateWords } from './job-words';
import { useNow } from './use-now';
import './jobs.css';
import './list/rows.css';
import './details/details.css';

/** Every job of this account, newest first, live through main's job:changed events. */
export function JobsScreen() {
  const jobs = useJobs();
  const go = useUiStore((s) => s.go);
  const list = [...(jobs.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // One clock for every card: ticks only while something is under way.
  const now = useNow(list.some(isActive));
  // Arriving from Start: keyboard and screen-reader users land on this screen, not on nothing.
  const heading = useFlowFocus<HTMLHeadingElement>('jobs');
  const account = useAccount();
  const team = useTeam();
  // The demo shares nothing; a key shares through the store saved in Settings → Team.
  const withTeam = account.data?.mode === 'key' && (team.data?.url ?? null) !== null;
  const [tab, setTab] = useState<'mine' | 'team'>('mine');
  const t = useT();

  const mine = (
    <>
      {jobs.isError && (
        <div className="stack-sm">
          <ErrorNotice error={jobs.error} title={t('jobs.screen.readFailed')} />
          <button
            type="button"
            className="button secondary small"
            onClick={() => void jobs.refetch()}
          >
            {t('jobs.tryAgain')}
          </button>
        </div>
      )}

      {jobs.isPending && <p className="hint">{t('jobs.screen.reading')}</p>}

      {jobs.isSuccess && list.length === 0 && (
        <section className="card jobs-empty" aria-labelledby="jobs-empty-title">
          <h2 id="jobs-empty-title" className="jobs-empty-title">
            {t('jobs.empty.title')}
          </h2>
          <p className="hint">{t('jobs.empty.body')}</p>
          <button type="button" className="button primary" onClick={() => go('import')}>
            {t('jobs.empty.action')}
          </button>
        </section>
      )}

      {list.length > 0 && <JobHistory jobs={list} now={now} />}
    </>
  );

  return (
    <div className="jobs-screen">
      <div className="page-head">
        <h1 className="page-title" tabIndex={-1} ref={heading}>
          {t('jobs.screen.title')}
        </h1>
        {list.length > 0 && (
          <button type="button" className="button secondary small" onClick={() => go('import')}>
            {t('jobs.screen.newList')}
          </button>
        )}
      </div>

      {withTeam ? (
        <ResultsTabs
          label={t('jobs.tabs.label')}
          tabs={[
            { key: 'mine', label: t('jobs.tabs.mine'), content: () => mine },
            { key: 'team', label: t('jobs.tabs.team'), content: () => <TeamJobs /> },
          ]}
          selected={tab}
          onSelect={setTab}
        />
      ) : (
        mine
      )}

      {/* One line per job: only the line whose state changed is read out. */}
      <div className="visually-hidden" role="status" aria-live="polite">
        {list
          .filter((j) => j.state !== 'draft')
          .map((j) => (
            <span key={j.id}>
              {t('jobs.screen.announce', { name: jobName(j), state: stateWords(j.state, t) })}{' '}
            </span>
          ))}
      </div>
    </div>
  );
}
