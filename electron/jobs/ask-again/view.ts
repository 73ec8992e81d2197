// What the window and the command line show of asking a job's unknowns again.
import type { AskAgainView } from '../../common/views/views';
import type { AskAgainRecord } from './record';

export const askAgainView = (a: AskAgainRecord): AskAgainView => ({
  state: a.asking ? 'asking' : a.ended ? 'ended' : 'waiting',
  round: a.round,
  rounds: Math.max(a.round, a.delays.length),
  nextAt: a.nextAt,
  asked: a.asked,
  left: a.left,
  resolved: { ...a.resolved },
  ended: a.ended?.reason ?? null,
});
