// "Check again": a list checked a while ago is read again from the user's own
// file, where they gave it the first time, into a new draft that goes through
// the usual review (nothing is sent or paid for until Start). The window names
// only the job; the path is the one the user chose by a gesture back then, and
// main still refuses a path it would not open from a drop. Its refusals name
// the file and the way forward; the window's notice for a list that could not
// be read adds that nothing was sent or charged, as for any drop.
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { homedir } from 'node:os';
import { message, type Message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { localPathSaid } from '../../files/local-path';
import type { JobView } from '../../common/views/views';
import type { ImportedList } from '../../lists/types';
import type { ImportOptions, Imported } from '../import';

/** What of the jobs checking again needs. */
export interface AgainJobs {
  get(id: string): Promise<JobView>;
  getList(id: string): Promise<ImportedList>;
  importFile(path: string, options?: ImportOptions): Promise<Imported>;
}

/**
 * A pasted list is named "Pasted list, <date> <time>" and offered its exports
 * in the home folder (import.ts): there is no file of the user's to read.
 */
function wasPasted(job: Pick<JobView, 'fileName' | 'sourcePath'>): boolean {
  return (
    /^Pasted list, \d{4}-\d{2}-\d{2} \d{2}\.\d{2}$/.test(job.fileName) &&
    basename(job.sourcePath) === `${job.fileName}.txt` &&
    dirname(job.sourcePath) === homedir()
  );
}

/** Why the original cannot be read again, in words the user can act on; null when it can. */
async function originalProblem(job: JobView): Promise<Message | null> {
  const path = job.sourcePath;
  const problem = localPathSaid(path);
  if (problem) return problem;
  // The folder's name, not its full path: enough to find it, and no temporary path on a screen.
  const folder = basename(dirname(path));
  const movedOrDeleted = message('error.file.movedSinceChecked', {
    fileName: job.fileName,
    folder,
  });
  try {
    const info = await stat(path);
    return info.isFile() ? null : movedOrDeleted;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return movedOrDeleted;
    return message('error.file.unreadableSinceChecked', { fileName: job.fileName, folder });
  }
}

/**
 * The choices the user's last read ended with that still name something in a
 * changed file: the workbook's sheet and the address column, by name (a
 * place would silently pick another column if one was added before it).
 */
function earlierChoices(list: ImportedList): Pick<ImportOptions, 'sheet' | 'column'> {
  const sheet = list.workbook?.sheets.find((s) => s.index === list.workbook?.sheet)?.name;
  return {
    ...(sheet !== undefined ? { sheet } : {}),
    ...(list.hasHeader ? { column: list.column.name } : {}),
  };
}

/** Reads the job's original file again into a new draft job; the earlier job is left as it is. */
export async function checkAgain(
  jobs: AgainJobs,
  jobId: string,
  given: Pick<ImportOptions, 'onProgress' | 'signal'> = {},
): Promise<Imported> {
  // The new job is this list checked again, however much the file changed.
  const options: ImportOptions = { ...given, againOf: jobId };
  const job = await jobs.get(jobId);
  if (job.state === 'draft') {
    throw new AppError(
      'invalid_input',
      message('error.job.notCheckedYet', { fileName: job.fileName }),
    );
  }
  if (wasPasted(job)) {
    throw new AppError('bad_file', message('error.job.pastedNoFile', { fileName: job.fileName }));
  }
  const problem = await originalProblem(job);
  if (problem) throw new AppError('bad_file', problem);

  const choices = earlierChoices(await jobs.getList(jobId));
  if (choices.sheet === undefined && choices.column === undefined) {
    return jobs.importFile(job.sourcePath, options);
  }
  try {
    return await jobs.importFile(job.sourcePath, { ...options, ...choices });
  } catch (err) {
    // The file changed since: that sheet or column is gone. Read it as a new
    // drop would; the review shows which column was found, and lets it change.
    if (!(err instanceof AppError) || err.code !== 'bad_file') throw err;
    return jobs.importFile(job.sourcePath, options);
  }
}
