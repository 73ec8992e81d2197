// Run in its own process by outcome-memory.test.ts, as a second List Cleaner
// (the command line beside the app): opens the same memory, says how many of
// the parent's addresses it sees, writes its own in several transactions
// while the parent reads and writes, then, when asked on stdin, counts the
// parent's later ones. One JSON line on stdout per step.
import { createInterface } from 'node:readline';
import { openOutcomeMemory } from '../../../electron/memory/outcome-memory';
import { address, outcomeOf } from './probe-words';

const [dataDir, first, mine, later, rounds] = process.argv.slice(2);
if (!dataDir || !first || !mine || !later || !rounds) {
  throw new Error('usage: memory-probe <dataDir> <first> <mine> <later> <rounds>');
}
const say = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);
const seen = (prefix: string, count: number): number => {
  let found = 0;
  const addresses = Array.from({ length: count }, (_, i) => address(prefix, i));
  for (const hit of memory.recallMany('email', addresses, 30)) if (hit) found += 1;
  return found;
};

const memory = await openOutcomeMemory(dataDir);
say({ step: 'ready', seesFirst: seen('parent', Number(first)) });
const perRound = Number(mine) / Number(rounds);
for (let round = 0; round < Number(rounds); round++) {
  const from = round * perRound;
  const entries = Array.from(
    { length: perRound },
    (_, i) => [address('child', from + i), outcomeOf(from + i)] as const,
  );
  await memory.remember('email', entries, Math.floor(Date.now() / 1000));
  say({ step: 'wrote', count: from + perRound });
}
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line !== 'look') continue;
  say({ step: 'looked', seesLater: seen('later', Number(later)) });
  break;
}
lines.close();
await memory.close();
