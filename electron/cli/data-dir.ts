// Where the app keeps its data, so the command line sees the same jobs,
// settings and prices as the desktop app (Electron's userData for "List Cleaner").
// The demo's own folder in it is the jobs' front door's to say (jobs/workspace.ts).
import { homedir } from 'node:os';
import { join } from 'node:path';

export function appDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (env.LIST_CLEANER_DATA_DIR) return env.LIST_CLEANER_DATA_DIR;
  const home = homedir();
  if (platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'List Cleaner');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'List Cleaner');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'List Cleaner');
}
