// Which team store the command line shares through: LIST_CLEANER_TEAM_URL
// (its password in the URL or LIST_CLEANER_TEAM_PASSWORD, a root certificate
// as sslrootcert=<file> in it), else the one the app saved with its password
// from the app's keychain entry for that very address and the certificate
// chosen in the app. None: the command keeps everything on this computer.
import { registerSecret } from '../lib/log';
import { openKeyStore } from '../secrets/key-store';
import type { SettingsStore } from '../settings/settings';
import { savedTeam, TEAM_KEYCHAIN_ACCOUNT, type SavedTeam } from '../team/connection';
import { rootCertOutOfUrl } from '../team/url';

export async function namedTeam(
  env: NodeJS.ProcessEnv,
  settings: SettingsStore,
): Promise<SavedTeam | null> {
  const url = env.LIST_CLEANER_TEAM_URL?.trim();
  if (url) {
    const password = env.LIST_CLEANER_TEAM_PASSWORD || null;
    if (password) registerSecret(password);
    return { ...rootCertOutOfUrl(url), password };
  }
  const { teamUrl, teamRootCert } = settings.get();
  return savedTeam(teamUrl, () => openKeyStore({ account: TEAM_KEYCHAIN_ACCOUNT }), teamRootCert);
}
