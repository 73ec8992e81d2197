// `list-cleaner resume [<id>]`: carries on with the unfinished jobs (or
// retries a failed one), then writes the export an interrupted `clean` of
// each would have written. A job another process is running is left alone.
import type { Values } from '../args';
import { describeJob } from '../output';
import { err, out } from '../print';
import { loadCleanExport, savedLine, writeExport } from './clean-export';
import { onInterrupt, openJobsWithProgress, withConnection } from './shared';

export async function run(values: Values, id: string | undefined): Promise<number> {
  return withConnection(values, async (connection) => {
    const { dataDir } = connection;
    const { progress, jobs } = await openJobsWithProgress(connection);
    const picked = await jobs.resume(id);
    const release = onInterrupt(jobs, () => picked.map((j) => j.id));
    try {
      if (picked.length === 0) {
        out(id ? `Job ${id} has nothing left to do.` : 'No unfinished jobs.');
        return 0;
      }
      let failed = 0;
      for (const job of picked) {
        if (job.elsewhere) {
          // Two runners would check, and charge, the same addresses twice.
          err(
            `list-cleaner: job ${job.id} (${job.fileName}) is running in ${job.elsewhere}; left alone.`,
          );
          failed += 1;
          continue;
        }
        const done = await jobs.finished(job.id);
        progress.done();
        if (done.state === 'failed') failed += 1;
        const wanted = done.state === 'done' ? await loadCleanExport(dataDir, done.id) : null;
        const written = wanted
          ? await writeExport(jobs, done, wanted.keep, wanted.bom, wanted.out)
          : null;
        if (values.json) out(JSON.stringify(written ? { ...done, out: written.path } : done));
        else {
          out(`${done.id}  ${describeJob(done)}`);
          if (written) out(savedLine(written));
        }
      }
      return failed > 0 ? 1 : 0;
    } finally {
      release();
    }
  });
}
