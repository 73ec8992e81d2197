// The import's second thread: judges each address cell (normalize, validate,
// find repeats) and writes the address file and the row index, while the main
// thread parses, so on a machine with two cores or more the two overlap. As
// asked, it also hashes each unique address for the outcome memory and runs
// the free checks on it, handing over the domains it meets for the DNS; and
// once the list is whole, it decides each address by the user's rules while
// the main thread reads the memory.
// Repeats past the table's size are found on disk once the list is read
// (repeats/spill.ts). Both files are written under temporary names and renamed
// into place at the end, so a crash never leaves half of either.
import { parentPort, workerData } from 'node:worker_threads';
import { createWriteStream, rmSync, type WriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { createSpots } from '../../lib/addresses/address-hash';
import { createBatchJudge } from './classify-batch';
import { createFindingsJudge } from './findings-judge';
import { rulesOfAddressFile } from './withheld-judge';
import { findFirsts } from '../repeats/firsts';
import { placeSpilled } from '../repeats/place';
import { openSpill, partsFor, type SpillWriter } from '../repeats/spill';
import type { ClassifierInput, ClassifierMessage, ClassifierSetup } from './classify-protocol';

const setup = workerData as ClassifierSetup;
const port = parentPort;
if (!port) throw new Error('classify-worker must run as a worker thread');

const partial = (path: string) => `${path}.part`;
// What a crashed import left is never read: spill.ts starts from an empty folder.
rmSync(setup.spillDir, { recursive: true, force: true });
const addresses = createWriteStream(partial(setup.addressesPath));
const index = createWriteStream(partial(setup.rowIndexPath));
const judge = createBatchJudge(setup);
const inMemory = Math.min(setup.expectedRows, setup.inMemory);
// Dropped when the list spills: past the table, they would grow with the list.
let spots = setup.spots ? createSpots(inMemory) : null;
const findings = setup.findings ? createFindingsJudge(inMemory) : null;
let spill: SpillWriter | null = null;

/** Hashes and judges each line of `bytes` (new unique addresses, an LF after each), as asked. */
function followLines(bytes: Buffer): void {
  spots?.addLines(bytes, bytes.length);
  if (findings) {
    // Judged on their bytes: no string per address (findings.ofBytes).
    for (let start = 0; start < bytes.length;) {
      const end = bytes.indexOf(0x0a, start);
      findings.addBytes(bytes, start, end);
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

/**
 * Numbers the spilled cells (repeats/firsts.ts, place.ts): the row index is
 * copied resolved, the new addresses appended to the address file.
 */
async function numberSpilled(written: SpillWriter): Promise<{ unique: number; spilled: number }> {
  written.close();
  const firsts = findFirsts(setup.spillDir, written.parts, written.count);
  const rowsPath = partial(setup.rowIndexPath);
  const resolved = `${rowsPath}.resolved`;
  const appending = await open(partial(setup.addressesPath), 'a');
  try {
    placeSpilled({
      dir: setup.spillDir,
      parts: written.parts,
      firsts,
      count: written.count,
      base: judge.counts.unique,
      rowsFrom: rowsPath,
      rowsTo: resolved,
      addressesFd: appending.fd,
      onAddresses(bytes) {
        followLines(bytes);
        const domains = findings?.freshDomains();
        if (domains && domains.length > 0) send({ type: 'domains', domains });
      },
    });
  } finally {
    await appending.close();
  }
  await rename(resolved, rowsPath);
  await rm(setup.spillDir, { recursive: true, force: true });
  return { unique: firsts.count, spilled: written.count };
}

async function end(): Promise<void> {
  await close(addresses);
  await close(index);
  const { unique, invalid, empty, duplicates } = judge.counts;
  const counts = { unique, invalid, empty, duplicates };
  if (spill) {
    const numbered = await numberSpilled(spill);
    counts.unique += numbered.unique;
    counts.duplicates += numbered.spilled - numbered.unique;
  }
  // Both files whole: into place (the row index first; neither is read before
  // the list is saved).
  await rename(partial(setup.rowIndexPath), setup.rowIndexPath);
  await rename(partial(setup.addressesPath), setup.addressesPath);
  const hashed = spots?.done() ?? null;
  const judgedFindings = findings?.done() ?? null;
  const buffers = [
    ...(hashed ? [hashed.bucket, hashed.tag0, hashed.tag1] : []),
    ...(judgedFindings ? [judgedFindings.flags] : []),
  ];
  port?.postMessage(
    { type: 'done', counts, spots: hashed, findings: judgedFindings } satisfies ClassifierMessage,
    buffers.map((a) => a.buffer as ArrayBuffer),
  );
  // The rules once the list is whole: while the main thread reads the memory.
  if (setup.rules) {
    const codes = await rulesOfAddressFile(setup.addressesPath, setup.rules, counts.unique);
    port?.postMessage({ type: 'withheld', codes } satisfies ClassifierMessage, [
      codes.buffer as ArrayBuffer,
    ]);
  }
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
        if (judged.spilled) {
          spill ??= openSpill(setup.spillDir, partsFor(setup.expectedRows));
          spots = null;
          const { addresses: bytes, prints, count } = judged.spilled;
          spill.add(bytes, prints, count);
        }
        const domains = findings?.freshDomains();
        // Judged: its buffer goes back to carry another batch.
        port.postMessage(
          {
            type: 'ack',
            bytes: input.bytes,
            ...(domains && domains.length > 0 ? { domains } : {}),
          } satisfies ClassifierMessage,
          [input.bytes.buffer],
        );
        followLines(judged.addresses);
      } else {
        await end();
      }
    } catch (err) {
      failed = true;
      addresses.destroy();
      index.destroy();
      try {
        spill?.close();
      } catch {
        // The first error is the one to tell.
      }
      send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  });
});
