// What job.json keeps of asking a finished job's unknowns again: the
// schedule (seconds after the job's answers were all in), the rounds done,
// the next one, and what came of them. Kept beside the job's record so a
// round missed while nothing ran is found on the next start.
import { z } from 'zod';
import {
  MAX_ASK_AGAIN_DELAYS as MAX_DELAYS,
  MAX_ASK_AGAIN_SECONDS as MAX_DELAY_SECONDS,
} from '../../common/schedules/ask-again';

const count = z.number().int().min(0);

export const ASK_AGAIN_ENDS = ['schedule', 'none-left', 'turned-off'] as const;
export type AskAgainEnd = (typeof ASK_AGAIN_ENDS)[number];

export const askAgainRecord = z.object({
  /** Seconds after `from`, strictly increasing. */
  delays: z.array(z.number().int().min(1).max(MAX_DELAY_SECONDS)).max(MAX_DELAYS),
  /** When the job's own answers were all in: the delays count from here. */
  from: z.string(),
  /** Rounds done. */
  round: count,
  /** When the next round is due; null when none is left. */
  nextAt: z.string().nullable(),
  /** A round is under way: the job's run asks the unknowns again instead of its plan. */
  asking: z.boolean().default(false),
  /** Unknowns that could be asked again when the job's own answers were in. */
  asked: count,
  /** Of those, still unknown. */
  left: count,
  resolved: z.object({ deliverable: count, undeliverable: count }),
  ended: z.object({ reason: z.enum(ASK_AGAIN_ENDS), at: z.string() }).nullable(),
});
export type AskAgainRecord = z.infer<typeof askAgainRecord>;
