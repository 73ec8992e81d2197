// The import's second thread: judges each address cell (normalize, validate,
// find repeats) and writes the address file and the row index, while the main
// thread parses, so on a machine with two cores or more the two overlap.
import { parentPort, workerData } from 'node:worker_threads';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createSpots } from '../memory/address-hash';
import { TooManyAddresses, createBatchJudge } from './classify-batch';
import type { ClassifierInput, ClassifierMessage, ClassifierSetup } from './classify-protocol';

const setup = workerData as ClassifierSetup;
const port = parentPort;
if (!port) throw new Error('classify-worker must run as a worker thread');

const addresses = createWriteStream(setup.addressesPath);
const index = createWriteStream(setup.rowIndexPath);
const judge = createBatchJudge(setup);
const spots = setup.spots ? createSpots(setup.expectedRows) : null;

/** Hashes each line of `bytes` (new unique addresses, an LF after each). */
function hashLines(bytes: Uint8Array): void {
  if (!spots) return;
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(0x0a, start);
    spots.addLine(bytes, start, end);
    start = end + 1;
  }
}
let queue: Promise<void> = Promise.resolve();
let failed = false;

const send = (message: ClassifierMessage) => port.postMessage(message);

async function write(out: WriteStream, bytes: Uint8Array): Promise<void> {
  if (bytes.length > 0 && !out.write(bytes)) await once(out, 'drain');
}

async function close(out: WriteStream): Promise<void> {
  out.end();
  await once(out, 'finish');
}

port.on('message', (input: ClassifierInput) => {
  queue = queue.then(async () => {
    if (failed) return;
    try {
      if (input.type === 'cells') {
        const judged = judge.judge(input.bytes, input.cells);
        // The row index is little-endian on disk, as typed arrays are on every
        // platform Electron ships for.
        await write(index, new Uint8Array(judged.rows.buffer));
        await write(addresses, judged.addresses);
        send({ type: 'ack' });
        hashLines(judged.addresses);
      } else {
        await close(addresses);
        await close(index);
        const done = spots?.done() ?? null;
        port.postMessage(
          { type: 'done', counts: judge.counts, spots: done } satisfies ClassifierMessage,
          done ? [done.bucket, done.tag0, done.tag1].map((a) => a.buffer as ArrayBuffer) : [],
        );
      }
    } catch (err) {
      failed = true;
      addresses.destroy();
      index.destroy();
      send(
        err instanceof TooManyAddresses
          ? { type: 'too-many' }
          : { type: 'error', message: err instanceof Error ? err.message : String(err) },
      );
    }
  });
});
