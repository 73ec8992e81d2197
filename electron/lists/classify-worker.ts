// The import's second thread: judges each address cell (normalize, validate,
// find repeats) and writes the address file and the row index, while the main
// thread parses, so on a machine with two cores or more the two overlap. As
// asked, it also hashes each unique address for the outcome memory and runs
// the free checks on it, handing over the domains it meets for the DNS.
import { parentPort, workerData } from 'node:worker_threads';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { createSpots } from '../memory/address-hash';
import { TooManyAddresses, createBatchJudge } from './classify-batch';
import { createFindingsJudge } from './findings-judge';
import type { ClassifierInput, ClassifierMessage, ClassifierSetup } from './classify-protocol';

const setup = workerData as ClassifierSetup;
const port = parentPort;
if (!port) throw new Error('classify-worker must run as a worker thread');

const addresses = createWriteStream(setup.addressesPath);
const index = createWriteStream(setup.rowIndexPath);
const judge = createBatchJudge(setup);
const spots = setup.spots ? createSpots(setup.expectedRows) : null;
const findings = setup.findings ? createFindingsJudge(setup.expectedRows) : null;

/** Hashes and judges each line of `bytes` (new unique addresses, an LF after each), as asked. */
function followLines(bytes: Buffer): void {
  spots?.addLines(bytes, bytes.length);
  if (findings) {
    // One string for the batch, sliced: a third less time than one decode per line.
    const text = bytes.toString('utf8');
    for (let start = 0; start < text.length;) {
      const end = text.indexOf('\n', start);
      findings.add(text.slice(start, end));
      start = end + 1;
    }
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
        const domains = findings?.freshDomains();
        send(domains && domains.length > 0 ? { type: 'ack', domains } : { type: 'ack' });
        followLines(judged.addresses);
      } else {
        await close(addresses);
        await close(index);
        const hashed = spots?.done() ?? null;
        const judgedFindings = findings?.done() ?? null;
        const buffers = [
          ...(hashed ? [hashed.bucket, hashed.tag0, hashed.tag1] : []),
          ...(judgedFindings ? [judgedFindings.flags] : []),
        ];
        port.postMessage(
          {
            type: 'done',
            counts: judge.counts,
            spots: hashed,
            findings: judgedFindings,
          } satisfies ClassifierMessage,
          buffers.map((a) => a.buffer as ArrayBuffer),
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
