// The handlers of a bounce report's channels: thin adapters to the jobs'
// bounces (bounces/match.ts) and main's dialogs.
import { basename, dirname, extname, join } from 'node:path';
import { copyEvidence } from '../../bounces/evidence';
import { lastBounceMatch, matchBounceReport } from '../../bounces/match';
import type { FileGrants } from '../../files/grants';
import { localPathSaid } from '../../files/local-path';
import type { Jobs } from '../../jobs/jobs';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import type { ShellHooks } from '../shell-hooks';
import type { Handlers } from '../registry';

type BouncesChannels = 'bounces:match' | 'bounces:last' | 'bounces:save';

export function bouncesHandlers(
  jobs: () => Promise<Jobs>,
  files: FileGrants,
  shell: Pick<ShellHooks, 'chooseSavePath'>,
): Pick<Handlers, BouncesChannels> {
  return {
    'bounces:match': async ({ jobId, token }) => {
      const path = await files.take(token);
      return (await matchBounceReport(await jobs(), jobId, path)).view;
    },
    'bounces:last': async ({ jobId }) => (await lastBounceMatch(await jobs(), jobId))?.view ?? null,
    'bounces:save': async ({ jobId }) => {
      const j = await jobs();
      const match = await lastBounceMatch(j, jobId);
      if (!match) {
        throw new AppError('invalid_input', message('error.ipc.noEvidenceYet'));
      }
      const rows = match.view.evidenceRows;
      if (rows === 0) {
        throw new AppError('invalid_input', message('error.ipc.noEvidence'));
      }
      const { sourcePath } = await j.get(jobId);
      const stem = basename(sourcePath, extname(sourcePath));
      const destPath = await shell.chooseSavePath(
        join(dirname(sourcePath), `${stem}.bounce-evidence.csv`),
      );
      if (destPath === null) return null;
      const problem = localPathSaid(destPath);
      if (problem) throw new AppError('bad_file', message('error.ipc.evidenceKept', { problem }));
      await copyEvidence(match.evidencePath, destPath);
      return { fileId: files.saved(destPath), path: destPath, rows };
    },
  };
}
