// A mistake node:util's parseArgs finds in the arguments (an unknown flag, a
// flag without its value), said in the reader's language: Node says it in
// English only, so each kind it has is recognised by its words and said from
// the catalog with the flag as typed; one not recognised is said as Node says it.
import type { MessageId } from '../../common/i18n/translate';
import { t } from '../output/say';

/** Node's sentences (Node 20 and later), each with the flag it names in quotes. */
const KINDS: readonly (readonly [RegExp, MessageId])[] = [
  [/^Unknown option '([^']+)'/, 'cli.args.unknownOption'],
  [/^Option '([^']+)' argument missing/, 'cli.args.missingValue'],
  [/^Option '([^']+)' does not take an argument/, 'cli.args.noValue'],
  [/^Option '([^']+)' argument is ambiguous/, 'cli.args.ambiguous'],
];

/** The mistake in words, without the final full stop (the caller adds what follows). */
export function argsMistake(e: Error): string {
  for (const [pattern, id] of KINDS) {
    const option = pattern.exec(e.message)?.[1];
    if (option !== undefined) return t(id, { option });
  }
  return e.message;
}
