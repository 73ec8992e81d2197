// `list-cleaner jobs`: the jobs of the data folder (the demo's with --demo),
// newest first, read from disk; no service is reached.
import { openJobs } from '../../jobs/jobs';
import { AppError } from '../../lib/app-error';
import type { Values } from '../args/args';
import { demoDataDir } from '../../jobs/workspace';
import { appDataDir } from '../data-dir';
import { describeJob } from '../output/output';
import { out } from '../output/print';
import { t } from '../output/say';

export async function run(values: Values): Promise<number> {
  const dataDir = values.demo ? demoDataDir(appDataDir()) : appDataDir();
  const jobs = await openJobs({
    dataDir,
    // Listing reads no answers: the memory is not opened.
    memory: false,
    client: () => {
      throw new AppError('no_account', 'not needed to list jobs');
    },
  });
  const all = await jobs.list();
  if (values.json) {
    out(JSON.stringify(all));
    return 0;
  }
  if (all.length === 0) {
    out(t('cli.jobs.none', { command: 'list-cleaner clean <file>' }));
    return 0;
  }
  for (const job of all) out(`${job.id}  ${describeJob(job)}`);
  return 0;
}
