// What the user's allow and block rules decide of each unique address of a
// list: the index of the rule that decides it, as a withheld code
// (withheld.ts), read from the list's address file (one normalized address a
// line, in list order). The import's worker runs it once the list is read
// (classify-worker.ts), on a core the main thread leaves idle while it reads
// the memory and the suppression list, whose reasons are then added
// (jobs/money/withheld.ts); the start runs it again with the rules as they
// are then.
import { open } from 'node:fs/promises';
import { wholeLineChunks } from '../../lib/files/whole-lines';
import { compileRules } from '../../rules/match';
import type { Rule } from '../../rules/types';
import { withheldCode } from './withheld';

/** Bytes of the address file read at a time: some 30,000 addresses. */
const CHUNK = 1 << 20;

/** The rules' code of each of the `count` lines of `addressesPath`; a file of another length throws. */
export async function rulesOfAddressFile(
  addressesPath: string,
  rules: readonly Rule[],
  count: number,
): Promise<Uint32Array> {
  const matcher = compileRules(rules);
  const codes = new Uint32Array(count);
  let line = 0;
  const handle = await open(addressesPath, 'r');
  try {
    for await (const { bytes, end } of wholeLineChunks(handle, CHUNK)) {
      // One string a chunk, each address decided where it stands in it.
      const text = bytes.toString('utf8', 0, end);
      for (let start = 0; start < text.length; line++) {
        const lf = text.indexOf('\n', start);
        if (line < count) codes[line] = withheldCode(0, matcher.decideIn(text, start, lf));
        start = lf + 1;
      }
    }
  } finally {
    await handle.close();
  }
  if (line !== count) {
    throw new Error(`the address file holds ${line} addresses where ${count} were counted`);
  }
  return codes;
}
