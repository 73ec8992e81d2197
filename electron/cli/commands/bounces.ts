// `list-cleaner bounces <job-id> <file>`: a platform's bounce report matched to
// a finished job (bounces/match.ts). Prints the figures in plain lines
// (common/words/bounce-words.ts, as the app says them) and where the evidence file
// is, or copies it to --out. No service is reached: the key only names the
// account whose suppression list the bounces join.
import { resolve } from 'node:path';
import { bounceWords } from '../../common/words/bounce-words';
import { suppressionFormatName } from '../../common/words/suppression-format-words';
import { UNFINISHED_STATES } from '../../common/model';
import { copyEvidence } from '../../bounces/evidence';
import { matchBounceReport } from '../../bounces/match';
import { openAccountJobs } from '../../jobs/workspace';
import { message } from '../../common/i18n/message';
import { AppError } from '../../lib/app-error';
import { UsageError, type Values } from '../args/args';
import { out } from '../output/print';
import { cliWords } from '../output/words';
import { connectFor } from './shared';

export async function run(values: Values, jobId?: string, rest: string[] = []): Promise<number> {
  const [file, extra] = rest;
  if (jobId === undefined || file === undefined) {
    throw new UsageError(
      message('leftover.cli.bounces.usage', {
        command: 'list-cleaner bounces <job-id> <file>',
      }),
    );
  }
  if (extra !== undefined) {
    throw new UsageError(message('leftover.cli.bounces.oneReport', { extra }));
  }
  const demo = values.demo ? ' --demo' : '';
  const connection = await connectFor(values);
  try {
    const jobs = await openAccountJobs({
      dataDir: connection.appDataDir,
      demo: connection.demo,
      memoryAccount: () => connection.memoryAccount,
      client: () => {
        throw new AppError('no_account', 'not needed to match a bounce report');
      },
      patienceMs: connection.patienceMs,
      onChange: () => undefined,
      runner: 'the list-cleaner command',
    });
    try {
      const job = await jobs.get(jobId).catch((e: unknown) => {
        if (e instanceof AppError && e.code === 'invalid_input') {
          throw new AppError(
            'invalid_input',
            message('error.cli.noJob', { jobId, command: `list-cleaner jobs${demo}` }),
          );
        }
        throw e;
      });
      if (job.state === 'draft') {
        throw new AppError(
          'invalid_input',
          message('error.cli.jobNeverChecked', { jobId, command: 'list-cleaner clean <file>' }),
        );
      }
      if (job.state !== 'done') {
        throw new AppError(
          'invalid_input',
          message('error.cli.jobNotDone', {
            jobId,
            state: UNFINISHED_STATES.has(job.state) ? 'unfinished' : 'failed',
            command: `list-cleaner resume ${jobId}${demo}`,
          }),
        );
      }
      const { view, evidencePath } = await matchBounceReport(jobs, jobId, resolve(file));
      let evidence = evidencePath;
      if (values.out !== undefined && view.evidenceRows > 0) {
        evidence = resolve(values.out);
        await copyEvidence(evidencePath, evidence);
      }
      if (values.json) {
        out(JSON.stringify({ ...view, evidence: view.evidenceRows > 0 ? evidence : null }));
        return 0;
      }
      const { t, language } = cliWords();
      const n = (x: number) => x.toLocaleString('en-US');
      // Counts as the command line writes them; the days' month names in its language.
      const words = bounceWords(view, t, { locale: language });
      out(
        t('bounces.cli.report', {
          fileName: view.fileName,
          format: suppressionFormatName(t, view.format),
          n: view.addresses,
          addresses: n(view.addresses),
          inList: n(view.inList),
        }),
      );
      out(words.headline);
      if (words.origin) out(words.origin);
      if (words.early) out(words.early);
      for (const line of words.others) out(line);
      out(words.suppressed);
      out(
        view.evidenceRows > 0
          ? t('bounces.cli.evidence', { path: evidence })
          : t('bounces.cli.noEvidence'),
      );
      return 0;
    } finally {
      await jobs.stop();
    }
  } finally {
    await connection.close();
  }
}
