// What the commands that reach the service share: a connection opened for the
// command and closed after it, the jobs of its data folder with their progress
// on stderr, and what Ctrl-C does while a job runs.
import { english } from '../../common/i18n/message';
import { onTeamNotice, teamNoticeGate } from '../../coordination/notices';
import { say } from '../../common/i18n/message';
import { cliWords } from '../output/words';
import type { Jobs } from '../../jobs/jobs';
import { openAccountJobs } from '../../jobs/workspace';
import { parseAskAgain, parsePatience, type Values } from '../args/args';
import { connect, type Connection } from '../connect';
import { appDataDir } from '../data-dir';
import { createProgress } from '../output/output';
import { err, exitAfterFlush, showingProgress } from '../output/print';
import { t } from '../output/say';

/** Ctrl-C once: finish what was sent (it is paid for), keep the job. Twice: leave now. */
export function onInterrupt(jobs: Jobs, jobIds: () => string[]): () => void {
  let stopping = false;
  const handler = () => {
    if (stopping) {
      err(t('cli.interrupt.stopped'));
      exitAfterFlush(130);
      return;
    }
    stopping = true;
    const ids = jobIds();
    err(
      ids.length
        ? t('cli.interrupt.stoppingCarryOn', { command: `list-cleaner resume ${ids.join(' ')}` })
        : t('cli.interrupt.stopping'),
    );
    void jobs.stop().then(() => exitAfterFlush(130));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

/** The service this command talks to (the real one, or --demo's sandbox). */
export const connectFor = (values: Values): Promise<Connection> =>
  connect(appDataDir(), { demo: values.demo });

/** Jobs opened for a connection: before it closes, their answers and summaries are sent to the team store. */
const jobsOf = new WeakMap<Connection, Jobs[]>();

/** How long a command waits at its end for its answers to reach the team store. */
const TEAM_SETTLE_MS = 15_000;

export async function withConnection<T>(
  values: Values,
  work: (c: Connection) => Promise<T>,
): Promise<T> {
  const connection = await connectFor(values);
  try {
    return await work(connection);
  } finally {
    // What is not sent in time stays on disk, sent by the next command or the app.
    for (const jobs of jobsOf.get(connection) ?? []) {
      await jobs.settleTeam(TEAM_SETTLE_MS);
      await jobs.summariesSettled();
    }
    await connection.close();
  }
}

/** The jobs of this data folder, their changes shown as progress on stderr. */
export async function openJobsWithProgress(connection: Connection, values: Values) {
  const { client, enteredPrices } = connection;
  const progress = createProgress(process.stderr);
  showingProgress(progress);
  // The limits and the memory both notice a team store out of reach: it is said once.
  const notice = teamNoticeGate((message, _kind, said) =>
    progress.note(said ? say(cliWords().t, said) : message),
  );
  onTeamNotice(notice);
  const jobs = await openAccountJobs({
    dataDir: connection.appDataDir,
    demo: connection.demo,
    client: () => client,
    // The account's answers, shared with the app on the same data folder.
    memoryAccount: () => connection.memoryAccount,
    ...(enteredPrices ? { enteredPrices: () => enteredPrices } : {}),
    patienceMs: parsePatience(values.patience) ?? connection.patienceMs,
    askAgainDelays: () => parseAskAgain(values['ask-again']) ?? connection.askAgainDelays,
    waitPolicy: connection.waitPolicy,
    ...(connection.team ? { team: connection.team } : {}),
    // Said between progress lines, once each time the store is lost or back.
    onTeamNotice: notice,
    onChange: (v) => progress.job(v),
    runner: 'the list-cleaner command',
    // What job.json keeps in words (a failure, a hold) is said in the command line's language;
    // --json, what a script reads, keeps the English.
    words: () => (values.json ? english.t : cliWords().t),
  });
  jobsOf.set(connection, [...(jobsOf.get(connection) ?? []), jobs]);
  return { progress, jobs };
}
