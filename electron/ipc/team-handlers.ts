// The handlers of the team store's channels: thin adapters to team/connection.ts.
import type { TeamConnection } from '../team/connection';
import type { Handlers } from './registry';

type TeamChannels = 'team:status' | 'team:connect' | 'team:test' | 'team:remove';

export function teamHandlers(team: TeamConnection): Pick<Handlers, TeamChannels> {
  return {
    'team:status': () => team.status(),
    'team:connect': ({ url, password }) => team.connect(url, password),
    'team:test': ({ url, password }) => team.test(url, password),
    'team:remove': () => team.remove(),
  };
}
