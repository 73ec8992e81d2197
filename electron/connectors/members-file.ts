// A platform list becomes a file the job reads like any dropped list: one row
// a member, with what a marketer recognises (address, name, the platform's
// status), the member's platform id (where its verdict is written back), and
// what an earlier check wrote on it. The import, review, job and export code
// never learn more of the platform than this file and the job's source label.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import Papa from 'papaparse';
import type { PlatformId } from '../common/catalogs/platforms';
import type { PlatformMember } from './types';

export const MEMBER_COLUMNS = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  status: 'status',
  previousStatus: 'list_cleaner_status',
  previousCheckedAt: 'list_cleaner_checked_at',
} as const;

/** The column holding the member's platform id ("mailchimp_id"). */
export const idColumn = (platform: PlatformId): string => `${platform}_id`;

export function memberHeader(platform: PlatformId): string[] {
  const c = MEMBER_COLUMNS;
  return [
    c.email,
    c.firstName,
    c.lastName,
    c.status,
    idColumn(platform),
    c.previousStatus,
    c.previousCheckedAt,
  ];
}

export interface MembersFile {
  add(members: readonly PlatformMember[]): Promise<void>;
  close(): Promise<void>;
  /** Rows written so far. */
  readonly rows: number;
}

export async function openMembersFile(path: string, platform: PlatformId): Promise<MembersFile> {
  const out = createWriteStream(path, { encoding: 'utf8' });
  await once(out, 'open');
  let rows = 0;
  const put = async (lines: string[][]) => {
    // Every cell quoted where needed, so a name with a comma reads back whole.
    if (!out.write(`${Papa.unparse(lines, { newline: '\r\n' })}\r\n`)) await once(out, 'drain');
  };
  await put([memberHeader(platform)]);
  return {
    get rows() {
      return rows;
    },
    async add(members) {
      if (members.length === 0) return;
      rows += members.length;
      await put(
        members.map((m) => [
          m.email,
          m.firstName,
          m.lastName,
          m.status,
          m.id,
          m.verdict?.status ?? '',
          m.verdict?.checkedAt ?? '',
        ]),
      );
    },
    async close() {
      out.end();
      await once(out, 'finish');
    },
  };
}
