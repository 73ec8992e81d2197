// Every answer has a ceiling: a JSON answer is never read past 4 MiB, a
// result file (or what its archive unpacks to) never past what the task's
// addresses can fill. Each is proven from the serving side (how far the
// client read before it let go) and from the disk (what was ever written,
// and that nothing is left).
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../electron/service/client';
import { MAX_ANSWER_BYTES } from '../../../electron/service/results/read-answer';
import {
  MAX_TASK_ROWS,
  RESULT_MARGIN_BYTES,
  RESULT_ROW_BYTES,
  resultByteCap,
} from '../../../electron/service/results/download';
import { startStub } from '../support/http-stub';
import {
  largeBody,
  listenOn,
  serviceFailure,
  watchSizes,
  zipOfZeros,
  type Served,
  quickClient,
} from './support';

const KEY = 'sk_test_bounds_5150';
const MB = 1_048_576;
const ROWS = 1_000;
const CAP = resultByteCap(ROWS);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'list-cleaner-bounds-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const clientAt = (url: string): ServiceClient => quickClient(url, KEY);

/** The stub's response was closed before it was all sent: the client stopped reading. */
async function expectLetGo(served: Served | undefined, total: number): Promise<void> {
  expect(served).toBeDefined();
  if (!served) return;
  await Promise.race([
    served.closed,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('the client kept the connection open')), 5_000),
    ),
  ]);
  expect(served.finished).toBe(false);
  expect(served.written).toBeLessThan(total);
}

describe('the ceiling of a JSON answer', () => {
  const total = 20 * MB;
  // An envelope that opens as the real one does, then never ends.
  const head = new TextEncoder().encode('{"code":0,"msg":"ok","data":{"balance_micros":1,"x":"');

  for (const withLength of [true, false]) {
    const how = withLength ? 'with a Content-Length' : 'chunked, with no length';
    it(`refuses a 20 MB answer ${how}, and stops reading it`, async () => {
      const big = largeBody(total, { withLength, contentType: 'application/json', head });
      const service = await listenOn('127.0.0.1', big.handler);
      try {
        const err = await serviceFailure(clientAt(service.url).balance());
        expect(err.code).toBe('bad_response');
        expect(err.message).toContain('larger than any answer it should give (over 4 MB)');
        expect(err.message).toContain('Nothing was charged.');
        expect(err.charged).toBe('no');
        // Not asked again: the same answer would come back.
        expect(service.requests).toHaveLength(1);
        await expectLetGo(big.served[0], total);
      } finally {
        await service.stop();
      }
    });
  }

  it('says a check whose answer was too large may have been charged', async () => {
    const big = largeBody(total, { withLength: false, contentType: 'application/json', head });
    const service = await listenOn('127.0.0.1', big.handler);
    try {
      const err = await serviceFailure(clientAt(service.url).check('email', 'a@example.com'));
      expect(err.code).toBe('bad_response');
      expect(err.charged).toBe('unknown');
      expect(err.message).toContain('may have checked, and charged for');
      expect(service.requests).toHaveLength(1);
      await expectLetGo(big.served[0], total);
    } finally {
      await service.stop();
    }
  });

  it('counts a compressed answer as it opens, not as it was sent', async () => {
    const inflated = Buffer.concat([Buffer.from(head), Buffer.alloc(total, 0x20)]);
    const gzipped = gzipSync(inflated);
    expect(gzipped.length).toBeLessThan(MB);
    const service = await listenOn('127.0.0.1', (_req, res) =>
      res
        .writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
          'Content-Length': String(gzipped.length),
        })
        .end(gzipped),
    );
    try {
      const err = await serviceFailure(clientAt(service.url).getBulk('task-1'));
      expect(err.code).toBe('bad_response');
      expect(err.message).toContain('over 4 MB');
    } finally {
      await service.stop();
    }
  });

  it('reads an answer of exactly the ceiling', async () => {
    const body = `{"code":0,"msg":"ok","data":{"balance_micros":42}}`;
    const padded = body + ' '.repeat(MAX_ANSWER_BYTES - body.length);
    const service = await listenOn('127.0.0.1', (_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(padded),
    );
    try {
      expect(await clientAt(service.url).balance()).toEqual({ balanceMicros: 42 });
    } finally {
      await service.stop();
    }
  });
});

describe('the ceiling of a result file', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(dir, 'dest-'));
  });

  it('is the task’s addresses times a generous row, plus a margin', () => {
    expect(RESULT_ROW_BYTES).toBe(4_096);
    expect(RESULT_MARGIN_BYTES).toBe(MB);
    expect(CAP).toBe(1_000 * 4_096 + MB);
    // The largest task the service takes: about 2 GB, the most any download may be.
    expect(resultByteCap(MAX_TASK_ROWS)).toBe(500_000 * 4_096 + MB);
  });

  /** Downloads `url` for a task of ROWS addresses, watching what lands in the folder. */
  async function download(url: string) {
    const dest = join(folder, 'result-1.csv');
    const sizes = watchSizes(folder);
    const err = await serviceFailure(
      clientAt('http://127.0.0.1:9').downloadResult(url, dest, { rows: ROWS }),
    );
    const largest = await sizes.stop();
    return { err, largest };
  }

  function expectTooLarge(err: Awaited<ReturnType<typeof download>>['err']): void {
    expect(err.code).toBe('result_too_large');
    expect(err.retryable).toBe(false);
    expect(err.charged).toBe('unknown');
    expect(err.message).toContain('bulk task of 1,000 addresses grew past 5 MB');
    expect(err.message).toContain('charged the bulk task for the addresses it checked');
    expect(err.message).toContain('keeps its results for a while');
  }

  for (const withLength of [true, false]) {
    const how = withLength ? 'with a Content-Length' : 'chunked, with no length';
    it(`stops a plain download past the cap (${how}) and keeps none of it`, async () => {
      const total = 20 * MB;
      const big = largeBody(total, { withLength, contentType: 'text/csv', fill: 0x61 });
      const files = await startStub(big.handler);
      try {
        const { err, largest } = await download(`${files.url}/result.csv`);
        expectTooLarge(err);
        expect(await readdir(folder)).toEqual([]);
        for (const size of largest.values()) expect(size).toBeLessThanOrEqual(CAP);
        // Refused from its length, not a byte is written.
        if (withLength) for (const size of largest.values()) expect(size).toBe(0);
        await expectLetGo(big.served[0], total);
      } finally {
        await files.stop();
      }
    });
  }

  it('stops unpacking an archive that inflates to 1 GB, and keeps none of it', async () => {
    const archive = await zipOfZeros(1_024 * MB);
    // The bomb: about a thousandth of what it unpacks to, well under the download cap.
    expect(archive.length).toBeLessThan(2 * MB);
    const files = await startStub((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/zip' }).end(archive),
    );
    try {
      const { err, largest } = await download(`${files.url}/result.zip`);
      expectTooLarge(err);
      expect(await readdir(folder)).toEqual([]);
      expect(largest.get('result-1.csv.part') ?? 0).toBeLessThanOrEqual(archive.length);
      // What was unpacked never grew past the cap.
      expect(largest.get('result-1.csv.unzip') ?? 0).toBeLessThanOrEqual(CAP);
      expect(largest.has('result-1.csv')).toBe(false);
    } finally {
      await files.stop();
    }
  }, 60_000);

  it('downloads a file of exactly the cap, and refuses one byte more', async () => {
    const rows = 1;
    const cap = resultByteCap(rows);
    const files = await startStub((req, res) => {
      const size = req.url === '/exact.csv' ? cap : cap + 1;
      res.writeHead(200, { 'Content-Type': 'text/csv' }).end(Buffer.alloc(size, 0x61));
    });
    try {
      const client = clientAt('http://127.0.0.1:9');
      const dest = join(folder, 'exact.csv');
      const got = await client.downloadResult(`${files.url}/exact.csv`, dest, { rows });
      expect(got).toMatchObject({ format: 'csv', bytes: cap });
      const err = await serviceFailure(
        client.downloadResult(`${files.url}/over.csv`, join(folder, 'over.csv'), { rows }),
      );
      expect(err.code).toBe('result_too_large');
      expect(await readdir(folder)).toEqual(['exact.csv']);
    } finally {
      await files.stop();
    }
  });

  it('leaves no older file at the destination when a download fails', async () => {
    const dest = join(folder, 'result-1.csv');
    await writeFile(dest, 'identifier,activated\nold@example.com,true\n');
    const big = largeBody(20 * MB, { withLength: false, contentType: 'text/csv' });
    const files = await startStub(big.handler);
    try {
      const err = await serviceFailure(
        clientAt('http://127.0.0.1:9').downloadResult(`${files.url}/r.csv`, dest, { rows: ROWS }),
      );
      expect(err.code).toBe('result_too_large');
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await files.stop();
    }
  });

  it('does not ask the service again for a file that is too large', async () => {
    const big = largeBody(20 * MB, { withLength: false, contentType: 'text/csv' });
    const files = await startStub(big.handler);
    const task = {
      id: 'task-big',
      product: 'email_batch',
      status: 'success',
      total: ROWS,
      created_at: '2024-01-01T00:00:00Z',
      success_cnt: ROWS,
      failure_cnt: 0,
      result_url: `${files.url}/big.csv`,
    };
    const service = await listenOn('127.0.0.1', (_req, res) =>
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ code: 0, msg: 'ok', data: task })),
    );
    try {
      const err = await serviceFailure(
        clientAt(service.url).fetchResult('task-big', join(folder, 'r.csv'), { rows: ROWS }),
      );
      expectTooLarge(err);
      expect(service.requests).toHaveLength(1);
      expect(big.served).toHaveLength(1);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await files.stop();
      await service.stop();
    }
  });
});
