// A finished task's result file, GET /api/v1/bulk-results/{id}: the link to it
// is signed and time-limited (as the real service's is), so a client must get
// the task again for a fresh one; the file is a CSV streamed as it is made,
// or a zip of it when the older-service fault asks for that form.
import { Readable } from 'node:stream';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Zip, ZipDeflate } from 'fflate';
import { SandboxError, sandboxCodes, type Reply } from '../server/http';
import { outcomeOf } from '../outcomes';
import { DELIVERABLE, UNDETERMINED, type BulkTask, type ResultUrl } from './bulk-task';

export interface ResultLinks {
  url: ResultUrl;
  /**
   * The task a link opens; throws unless the link was signed here, for a task
   * still kept, and is not past its time.
   */
  open(id: string, query: URLSearchParams, task: BulkTask | undefined): BulkTask;
}

/** Links signed with a secret made here, so they are good only for this sandbox's life. */
export function createResultLinks(): ResultLinks {
  const secret = randomBytes(32);
  const sign = (id: string, expires: number) =>
    createHmac('sha256', secret).update(`${id}.${expires}`).digest('hex');
  return {
    url: (baseUrl, id, expires) =>
      `${baseUrl}/api/v1/bulk-results/${id}?expires=${expires}&sig=${sign(id, expires)}`,

    open(id, query, task) {
      const expires = Number(query.get('expires'));
      const sig = query.get('sig') ?? '';
      const expected = Buffer.from(sign(id, expires));
      const given = Buffer.from(sig);
      if (!task || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new SandboxError(sandboxCodes.linkExpired, 'this result link is not valid');
      }
      if (Date.now() > expires) {
        throw new SandboxError(
          sandboxCodes.linkExpired,
          'this result link has expired; get the task again for a fresh one',
        );
      }
      return task;
    },
  };
}

/** The result file: one row per address that got a verdict (undetermined ones are left out). */
export function resultFile(task: BulkTask, slowMs: number, zip: boolean): Reply {
  const avatar = task.product === 'email_avatar_batch';
  const { addresses, verdicts } = task;
  function* csvChunks(): Generator<string> {
    let chunk = avatar ? 'identifier,activated,avatar,avatar_url\n' : 'identifier,activated\n';
    for (let i = 0; i < addresses.length; i++) {
      const verdict = verdicts[i];
      if (verdict === UNDETERMINED) continue;
      const address = addresses[i] as string;
      const activated = verdict === DELIVERABLE;
      if (!avatar) chunk += `${address},${activated}\n`;
      else if (!activated) chunk += `${address},false,,\n`;
      else {
        const outcome = outcomeOf(address, slowMs);
        chunk += `${address},true,${outcome.avatar},${outcome.avatarUrl}\n`;
      }
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }

  let stream: Readable = Readable.from(csvChunks(), { objectMode: false });
  let contentType = 'text/csv; charset=utf-8';
  if (zip) {
    stream = zipped(`${task.id}.csv`, stream);
    contentType = 'application/octet-stream';
  }
  return { kind: 'stream', status: 200, headers: { 'Content-Type': contentType }, stream };
}

/** A zip archive holding one file, built as the CSV streams through. */
function zipped(name: string, source: Readable): Readable {
  const out = new Readable({ read() {} });
  const zip = new Zip((err, data, final) => {
    if (err) out.destroy(err);
    else {
      out.push(Buffer.from(data));
      if (final) out.push(null);
    }
  });
  const entry = new ZipDeflate(name, { level: 6 });
  zip.add(entry);
  source.on('data', (chunk: string | Buffer) =>
    entry.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)),
  );
  source.on('end', () => {
    entry.push(new Uint8Array(0), true);
    zip.end();
  });
  source.on('error', (err) => out.destroy(err));
  return out;
}
