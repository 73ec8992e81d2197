// The import's second thread: judges each address cell (normalize, validate,
// find repeats) and writes the address file and the row index, while the main
// thread parses. On two cores this halves the import's wall time.
import { parentPort, workerData } from 'node:worker_threads';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { isValidAddress, normalizeCell } from './address';
import { createDeduper } from './dedupe';
import { RowIndexWriter, encodeRow } from './row-index';
import { RowClass } from './types';
import type { ClassifierInput, ClassifierMessage, ClassifierSetup } from './classify-protocol';

const setup = workerData as ClassifierSetup;
const port = parentPort;
if (!port) throw new Error('classify-worker must run as a worker thread');

const addresses = createWriteStream(setup.addressesPath);
const index = new RowIndexWriter(setup.rowIndexPath);
// Sized for the whole file at once: growing a million-entry table twice cost
// more than a tenth of the worker's time.
const seen = createDeduper(Math.min(Math.max(setup.expectedRows, 1 << 12), setup.maxUnique));
const counts = { unique: 0, invalid: 0, empty: 0, duplicates: 0 };
let queue: Promise<void> = Promise.resolve();
let failed = false;

const send = (message: ClassifierMessage) => port.postMessage(message);

async function classify(cells: string[]): Promise<void> {
  let pending = '';
  for (const cell of cells) {
    const address = normalizeCell(cell);
    let value: number;
    if (address === '') {
      counts.empty += 1;
      value = encodeRow(RowClass.empty, -1);
    } else if (!isValidAddress(address)) {
      counts.invalid += 1;
      value = encodeRow(RowClass.invalid, -1);
    } else {
      const known = seen.seenOrAdd(address, counts.unique);
      if (known !== -1) {
        counts.duplicates += 1;
        value = encodeRow(RowClass.duplicate, known);
      } else {
        if (counts.unique >= setup.maxUnique) throw new TooManyAddresses();
        value = encodeRow(RowClass.valid, counts.unique);
        counts.unique += 1;
        pending += `${address}\n`;
      }
    }
    const flushing = index.push(value);
    if (flushing) await flushing;
  }
  if (pending !== '' && !addresses.write(pending)) await once(addresses, 'drain');
}

class TooManyAddresses extends Error {}

port.on('message', (input: ClassifierInput) => {
  queue = queue.then(async () => {
    if (failed) return;
    try {
      if (input.type === 'cells') {
        // Cells travel joined by LF (a newline inside a cell became a space, which
        // judges the same: whitespace inside an address makes it invalid either way).
        await classify(input.text.split('\n'));
        send({ type: 'ack' });
      } else {
        addresses.end();
        await once(addresses, 'finish');
        await index.close();
        send({ type: 'done', counts });
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
