// What Settings → Team says, as pure functions: what a store holds for the
// account, and what "Test connection" found.
import type { Translate } from '../../../../../electron/common/i18n/message';
import type { TeamTestView, TeamView } from '../../../../../electron/common/views/team-views';
import { formatNumber } from '../../../format';

/** "Schema version 1", or that the store is not set up yet. */
export function schemaLine(version: number, t: Translate): string {
  return version === 0 ? t('team.schema.notSetUp') : t('team.schema.version', { version });
}

/** "15.8" of "15.8 (Debian 15.8-0+deb12u1)": the version without the packager's note. */
export function pgVersion(serverVersion: string): string {
  return serverVersion.split(' ')[0] ?? serverVersion;
}

/** "2,481 answers for this account", or why none are counted. */
export function answersLine(team: Pick<TeamView, 'answers' | 'answersNote'>, t: Translate): string {
  if (team.answers === null) return team.answersNote ?? '';
  return t('team.answers', { n: team.answers, count: formatNumber(team.answers) });
}

/** "12 answers paid for here wait to be sent to the store", or nothing when none wait. */
export function waitingLine(team: Pick<TeamView, 'waiting'>, t: Translate): string | null {
  if (team.waiting === null || team.waiting === 0) return null;
  return t('team.waiting', { n: team.waiting, count: formatNumber(team.waiting) });
}

/** What a test found: reached, encrypted or not, the schema, and whether this user may work there. */
export function testLine(test: TeamTestView, t: Translate): string {
  const parts = [
    t(test.encrypted ? 'team.test.reachedEncrypted' : 'team.test.reachedPlain', {
      version: pgVersion(test.serverVersion),
    }),
    `${schemaLine(test.schemaVersion, t)}.`,
  ];
  if (test.migrated.length === 1 && test.migrated[0] === 1) parts.push(t('team.test.setUp'));
  else if (test.migrated.length > 0)
    parts.push(t('team.test.migrated', { version: test.schemaVersion }));
  if (!test.canReadWrite) parts.push(t('team.test.noRights'));
  return parts.join(' ');
}
