// When a finished job's unknowns are asked again: offsets from the moment its
// answers were all in (the bounds and the default: common/schedules/ask-again.ts).
import type { AskAgainRecord } from './record';

export {
  DEFAULT_ASK_AGAIN_DELAYS,
  parseDelays,
  validDelays,
} from '../../common/schedules/ask-again';

const at = (from: string, seconds: number) => Date.parse(from) + seconds * 1_000;

/**
 * The next round's time: the first offset, before any round (one already
 * passed is due at once); after a round at `nowMs`, the first offset still
 * ahead, so offsets that passed while nothing ran are run once. Null when
 * none is left.
 */
export function nextRoundAt(
  record: Pick<AskAgainRecord, 'delays' | 'from'>,
  afterRoundAt: number | null,
): string | null {
  const times = record.delays.map((d) => at(record.from, d));
  const next = afterRoundAt === null ? times[0] : times.find((t) => t > afterRoundAt);
  return next === undefined ? null : new Date(next).toISOString();
}

/** Is a round due at `nowMs`. */
export const isDue = (record: AskAgainRecord | null, nowMs: number): boolean =>
  record !== null &&
  !record.asking &&
  record.ended === null &&
  record.nextAt !== null &&
  Date.parse(record.nextAt) <= nowMs;
