// What Settings → Team says, as pure functions: what a store holds for the
// account, and what "Test connection" found.
import type { TeamTestView, TeamView } from '../../../../../electron/common/team-views';

/** "Schema version 1", or that the store is not set up yet. */
export function schemaLine(version: number): string {
  return version === 0 ? 'Not set up yet' : `Schema version ${version}`;
}

/** "15.8" of "15.8 (Debian 15.8-0+deb12u1)": the version without the packager's note. */
export function pgVersion(serverVersion: string): string {
  return serverVersion.split(' ')[0] ?? serverVersion;
}

/** "2,481 answers for this account", or why none are counted. */
export function answersLine(team: Pick<TeamView, 'answers' | 'answersNote'>): string {
  if (team.answers === null) return team.answersNote ?? '';
  const n = team.answers.toLocaleString('en-US');
  return `${n} ${team.answers === 1 ? 'answer' : 'answers'} for this account`;
}

/** "12 answers paid for here wait to be sent to the store", or nothing when none wait. */
export function waitingLine(team: Pick<TeamView, 'waiting'>): string | null {
  if (team.waiting === null || team.waiting === 0) return null;
  const n = team.waiting.toLocaleString('en-US');
  return `${n} ${team.waiting === 1 ? 'answer' : 'answers'} paid for on this computer wait to be sent to the store; they go once it is reached.`;
}

/** What a test found: reached, encrypted or not, the schema, and whether this user may work there. */
export function testLine(test: TeamTestView): string {
  const how = test.encrypted ? 'encrypted' : 'not encrypted (this computer only)';
  const migrated =
    test.migrated.length === 0
      ? ''
      : test.migrated.length === 1 && test.migrated[0] === 1
        ? ' List Cleaner set up its tables.'
        : ` Brought up to schema version ${test.schemaVersion}.`;
  const rights = test.canReadWrite
    ? ''
    : ' This user may not read and write every table List Cleaner uses: ask the store’s administrator to grant them.';
  return `Reached: PostgreSQL ${pgVersion(test.serverVersion)}, ${how}. ${schemaLine(test.schemaVersion)}.${migrated}${rights}`;
}
