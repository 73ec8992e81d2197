// Putting an answer on the wire: a JSON envelope, or a file streamed (cut
// short while the download fault is on), late by the slow fault's delay, and
// only once the request body is drained: an error may come before the body was
// read, and the client should see the answer rather than a reset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import type { FaultState } from '../faults';
import type { Reply } from './http';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function respond(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  faults: FaultState,
): Promise<void> {
  if (faults.slowMs > 0) await sleep(faults.slowMs);
  if (!req.readableEnded) {
    req.resume();
    await finished(req).catch(() => undefined);
  }
  await write(res, reply, faults);
}

async function write(res: ServerResponse, reply: Reply, faults: FaultState): Promise<void> {
  if (reply.kind === 'json') {
    const text = JSON.stringify(reply.body);
    res.writeHead(reply.status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
      'Cache-Control': 'no-store',
      ...reply.headers,
    });
    res.end(text);
    return;
  }
  res.writeHead(reply.status, { 'Cache-Control': 'no-store', ...reply.headers });
  const cut = faults.downloadCut;
  if (cut.remaining > 0) {
    cut.remaining -= 1;
    let sent = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        const room = cut.afterBytes - sent;
        if (room <= 0) {
          res.socket?.destroy();
          done();
          return;
        }
        sent += Math.min(room, chunk.length);
        done(null, chunk.subarray(0, room));
      },
    });
    await pipeline(reply.stream, limiter, res).catch(() => res.socket?.destroy());
    return;
  }
  await pipeline(reply.stream, res).catch(() => res.socket?.destroy());
}
