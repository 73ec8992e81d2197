// Which team store the command line shares through: LIST_CLEANER_TEAM_URL
// (its password in the URL or LIST_CLEANER_TEAM_PASSWORD), else the one the
// app saved with its password from the app's keychain entry for that very
// address. None: the command keeps everything on this computer.
import { registerSecret } from '../lib/log';
import { openKeyStore } from '../secrets/key-store';
import type { SettingsStore } from '../settings/settings';
import { savedTeam, TEAM_KEYCHAIN_ACCOUNT, type SavedTeam } from '../team/connection';

export async function namedTeam(
  env: NodeJS.ProcessEnv,
  settings: SettingsStore,
): Promise<SavedTeam | null> {
  const url = env.LIST_CLEANER_TEAM_URL?.trim();
  if (url) {
    const password = env.LIST_CLEANER_TEAM_PASSWORD || null;
    if (password) registerSecret(password);
    return { url, password };
  }
  return savedTeam(settings.get().teamUrl, () => openKeyStore({ account: TEAM_KEYCHAIN_ACCOUNT }));
}
