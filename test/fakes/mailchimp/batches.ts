// Batch operations. Read:
//  - POST /batches takes `operations`, each {method: GET|POST|PUT|PATCH|DELETE,
//    path, params, body: "A string containing the JSON body", operation_id}
//    (Python SDK CreateBatchesRequestOperationsItem), and answers 200 with a
//    new batch, status "pending" (the batch guide, developer.mailchimp.com
//    .../guides/how-to-use-batch-operations/).
//  - The batch's status is one of "pending", "preprocessing", "started",
//    "finalizing", "finished" (Python SDK BatchStatus); completed_at is a
//    date or "" (BatchCompletedAtOne); finished_operations "includes
//    operations that returned an error"; response_body_url is "The URL of the
//    gzipped archive of the results of all the operations" (Python SDK Batch).
//  - "Since only one batch request is run at a time" (DELETE /batches/{id}'s
//    description, mailchimp-marketing-node src/api/BatchesApi.js): a batch
//    waits, pending, behind the one running.
//  - The archive holds JSON files of [{status_code, operation_id, response}]
//    with `response` the answer as a string: read only as quoted from
//    Mailchimp's guide in the Arcadier/Mailchimp-Exporter wiki.
// Assumed: how long each status lasts, when finished_operations grows, that
// response_body_url is "" before "finished", 500 results a file, the file
// names in the archive, and that the archive link needs no key.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { parseJsonBody } from '../common/body';
import type { FakeReply } from '../common/server';
import { tarGz } from '../common/tar';
import { invalidResource, notFound } from './errors';

export type Dispatch = (
  method: string,
  path: string,
  query: URLSearchParams,
  body: Buffer,
) => Promise<FakeReply>;

const operation = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().min(1),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  body: z.string().optional(),
  operation_id: z.string().optional(),
});
const batchBody = z.object({ operations: z.array(operation).min(1) });
type Operation = z.infer<typeof operation>;

interface OperationResult {
  status_code: number;
  operation_id: string | null;
  response: string;
}

export const BATCH_STATUSES = [
  'pending',
  'preprocessing',
  'started',
  'finalizing',
  'finished',
] as const;

export interface Batch {
  id: string;
  status: (typeof BATCH_STATUSES)[number];
  total_operations: number;
  finished_operations: number;
  errored_operations: number;
  submitted_at: string;
  completed_at: string;
  operations: Operation[];
  results: OperationResult[];
  archive: Buffer | null;
  /** Where the results link points instead of the fake itself ('private-link'); null: the fake. */
  link: string | null;
}

const stamp = () => new Date().toISOString().replace(/\.\d+Z$/, '+00:00');

/** What a finished batch's link serves (MailchimpFakeOptions.resultArchive). */
export type ResultArchive = 'results' | 'bomb' | 'private-link';

/** A bomb's one file: zeros that gzip to a few kilobytes. */
const BOMB_BYTES = 32 * 1024 * 1024;

export function createBatches(
  dispatch: Dispatch,
  options: { stepMs: () => number; baseUrl: () => string; resultArchive?: () => ResultArchive },
) {
  const mode = () => options.resultArchive?.() ?? 'results';
  const batches = new Map<string, Batch>();
  /** Batches waiting for the one running to finish: one runs at a time. */
  const queue: Batch[] = [];
  let running = false;
  const timers = new Set<NodeJS.Timeout>();
  const later = (fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, options.stepMs());
    timers.add(t);
  };

  function next(): void {
    if (running) return;
    const batch = queue.shift();
    if (batch === undefined) return;
    running = true;
    later(() => {
      batch.status = 'preprocessing';
      later(() => void run(batch));
    });
  }

  async function run(batch: Batch): Promise<void> {
    batch.status = 'started';
    for (const op of batch.operations) {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(op.params ?? {})) query.set(k, String(v));
      const reply = await dispatch(
        op.method,
        op.path.startsWith('/') ? op.path : `/${op.path}`,
        query,
        Buffer.from(op.body ?? '', 'utf8'),
      );
      batch.results.push({
        status_code: reply.status,
        operation_id: op.operation_id ?? null,
        response: reply.json === undefined ? '' : JSON.stringify(reply.json),
      });
      batch.finished_operations += 1;
      if (reply.status >= 400) batch.errored_operations += 1;
    }
    batch.status = 'finalizing';
    later(() => {
      // Results come in files of at most 500 results (an assumption), so a
      // client meets an archive with several files.
      const files = [];
      for (let i = 0; i < batch.results.length; i += 500) {
        files.push({
          name: `${batch.id}/${randomBytes(8).toString('hex')}.json`,
          content: Buffer.from(JSON.stringify(batch.results.slice(i, i + 500))),
        });
      }
      batch.archive =
        mode() === 'bomb'
          ? tarGz([{ name: `${batch.id}/bomb.json`, content: Buffer.alloc(BOMB_BYTES, 0x20) }])
          : tarGz(files);
      batch.link = mode() === 'private-link' ? 'https://10.255.255.1' : null;
      batch.status = 'finished';
      batch.completed_at = stamp();
      running = false;
      next();
    });
  }

  const view = (b: Batch) => ({
    id: b.id,
    status: b.status,
    total_operations: b.total_operations,
    finished_operations: b.finished_operations,
    errored_operations: b.errored_operations,
    submitted_at: b.submitted_at,
    completed_at: b.completed_at,
    response_body_url:
      b.archive === null ? '' : `${b.link ?? options.baseUrl()}/_fake/batch-results/${b.id}.tar.gz`,
  });

  return {
    batches,
    start(body: Buffer): FakeReply {
      const parsed = parseJsonBody(batchBody, body);
      if (!parsed.ok) {
        return invalidResource(
          "The resource submitted could not be validated. For field-specific details, see the 'errors' array.",
          parsed.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
        );
      }
      const batch: Batch = {
        id: randomBytes(5).toString('hex'),
        status: 'pending',
        total_operations: parsed.value.operations.length,
        finished_operations: 0,
        errored_operations: 0,
        submitted_at: stamp(),
        completed_at: '',
        operations: parsed.value.operations,
        results: [],
        archive: null,
        link: null,
      };
      batches.set(batch.id, batch);
      queue.push(batch);
      next();
      return { status: 200, json: view(batch) };
    },
    get(id: string): FakeReply {
      const batch = batches.get(id);
      return batch === undefined ? notFound() : { status: 200, json: view(batch) };
    },
    /** The archive, as the storage link serves it: no API key, the link is the grant. */
    archive(id: string): FakeReply {
      const archive = batches.get(id)?.archive;
      if (archive == null) return { status: 404, json: { message: 'no such archive' } };
      return { status: 200, raw: archive, contentType: 'application/x-gzip' };
    },
    dispose() {
      queue.length = 0;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
