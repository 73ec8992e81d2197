// What a job's run (run/execute.ts) does about asking unknowns again: when
// the run is a round, it asks those unknowns instead of its plan, leaves the
// job finished when it was, and a round that cannot finish moves the
// schedule on instead of failing or holding the job; when the run is the
// job's own, its end starts the schedule.
import { log } from '../../lib/log';
import { save, type Live, type Shared } from '../live';
import type { RunContext } from '../run/keep';
import { sentTable } from '../run/send-list';
import { invalidMarks } from './plan';
import { askRound, roundStopped, settleAskAgain } from './round';

export function askAgainOf(s: Shared, l: Live, logPath: string, sent: Uint32Array | null) {
  const asking = l.record.askAgain?.asking === true;
  const invalid = () => invalidMarks(logPath, sent);
  const table = () => (sent ? sentTable(l.outcomes, sent) : l.outcomes);
  return {
    /** This run is a round. */
    asking,
    round: (ctx: RunContext) => askRound(ctx, invalid),
    /** Every answer is in: the round closed, or the schedule started. */
    settle: () => {
      // A round refused past the patience ends as done: no wait is left on the job.
      if (asking) l.record.wait = null;
      return settleAskAgain(l.record, table(), invalid, s);
    },
    /** The round could not finish: the job stays done, the schedule goes on. */
    async failed(err: unknown) {
      log.warn(`jobs: ${l.record.id}: asking unknowns again stopped`, err);
      await roundStopped(l.record, table(), invalid).then(
        () => save(s, l),
        () => undefined,
      );
    },
  };
}
