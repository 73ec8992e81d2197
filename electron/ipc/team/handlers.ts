// The handlers of the team store's channels: thin adapters to
// team/connection.ts and history/views.ts.
import type { TeamConnection } from '../../team/connection';
import type { TeamHistory } from '../../history/views';
import type { Handlers } from '../registry';

type TeamChannels =
  'team:status' | 'team:connect' | 'team:test' | 'team:remove' | 'team:history' | 'team:spend';

export function teamHandlers(
  team: TeamConnection,
  history: TeamHistory,
): Pick<Handlers, TeamChannels> {
  return {
    'team:history': (page) => history.history(page),
    'team:spend': () => history.spend(),
    'team:status': () => team.status(),
    'team:connect': ({ url, password }) => team.connect(url, password),
    'team:test': ({ url, password }) => team.test(url, password),
    'team:remove': () => team.remove(),
  };
}
