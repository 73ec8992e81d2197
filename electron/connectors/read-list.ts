// A platform list read into a job: its members page by page (the platform's
// paging, its limits waited out) into the members file, which is then
// imported exactly as a dropped file is, under the list's name and with its
// source label. Nothing else of the platform reaches the job.
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemberChoice, PlatformId } from '../common/catalogs/platforms';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import type { Imported } from '../jobs/import';
import type { Context } from './context';
import type { ReadProgress } from '../common/views/platform-views';
import { openMembersFile } from './members-file';

/** A file name every system allows, from a list's name. */
function safeName(name: string): string {
  const kept = [...name].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c));
  return kept.join('').trim() || 'list';
}

export function readListApi(ctx: Context) {
  const { httpFor } = ctx;
  const jobs = () => ctx.jobs();
  return {
    /** Reads a list's members page by page into a new draft job, reviewed like a dropped file. */
    async importList(
      platform: PlatformId,
      listId: string,
      options: {
        choice?: MemberChoice;
        onProgress?: (p: ReadProgress) => void;
        signal?: AbortSignal;
      } = {},
    ): Promise<Imported> {
      const { connector, http } = await httpFor(platform, options.signal);
      const choice = options.choice ?? 'subscribed';
      const list = (await connector.lists(http)).find((l) => l.id === listId);
      if (list === undefined) {
        throw new AppError(
          'invalid_input',
          message('error.connector.noSuchList', { platform, name: connector.name, listId }),
        );
      }
      const tmp = await mkdtemp(join(tmpdir(), 'list-cleaner-platform-'));
      try {
        const path = join(tmp, 'members.csv');
        const file = await openMembersFile(path, platform);
        try {
          for (let cursor: string | null = null; ;) {
            const page = await connector.members(http, listId, { cursor, choice });
            await file.add(page.members);
            options.onProgress?.({ members: file.rows, total: list.size });
            if (page.next === null || (page.members.length === 0 && page.next === cursor)) break;
            cursor = page.next;
          }
        } finally {
          await file.close();
        }
        if (file.rows === 0) {
          throw new AppError(
            'bad_file',
            message('error.connector.noMembers', {
              list: list.name,
              name: connector.name,
              choice,
            }),
          );
        }
        const fileName = `${safeName(list.name)} (${connector.name})`;
        return await jobs().importFile(path, {
          named: { fileName, sourcePath: join(homedir(), `${fileName}.csv`) },
          source: { platform, listId, listName: list.name, choice },
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },
  };
}
