// The handlers of the team store's channels: thin adapters to
// team/connection.ts and history/views.ts.
import type { TeamConnection } from '../../team/connection';
import type { TeamHistory } from '../../history/views';
import type { Handlers } from '../registry';
import type { ShellHooks } from '../shell-hooks';

type TeamChannels =
  | 'team:status'
  | 'team:connect'
  | 'team:test'
  | 'team:remove'
  | 'team:rootcert'
  | 'team:history'
  | 'team:spend';

export function teamHandlers(
  team: TeamConnection,
  history: TeamHistory,
  shell: Pick<ShellHooks, 'chooseCertificate'>,
): Pick<Handlers, TeamChannels> {
  return {
    'team:history': (page) => history.history(page),
    'team:spend': () => history.spend(),
    'team:status': () => team.status(),
    'team:connect': ({ url, password }) => team.connect(url, password),
    'team:test': ({ url, password }) => team.test(url, password),
    'team:remove': () => team.remove(),
    // The file is the one the user picked in main's own dialog; the window names none.
    'team:rootcert': async () => team.chooseRootCert(await shell.chooseCertificate()),
  };
}
