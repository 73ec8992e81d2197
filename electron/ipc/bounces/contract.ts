// A bounce report's channels of the contract (../contract.ts spreads them in).
// The report comes as a token from a drop or main's Open dialog; the evidence
// file is saved through main's Save dialog: the window never names a path.
import { z } from 'zod';
import type { BounceEvidenceView } from '../../common/views/bounce-views';
import { bounceReportViewSchema } from '../../bounces/report-schema';
import { fileTokenSchema } from '../file-schemas';
import { jobIdSchema } from '../jobs/job-schemas';
import { count, text, viewOf } from '../../lib/view-of';

export const bounceEvidenceViewSchema = viewOf<BounceEvidenceView>()(
  z.strictObject({ fileId: text, path: text, rows: count }),
);

export const bouncesChannels = {
  /**
   * Matches the report to the finished job: the figures, the evidence file
   * kept in the job's folder, the hard bounces, complaints and unsubscribes
   * added to the suppression list.
   */
  'bounces:match': {
    input: z.strictObject({ jobId: jobIdSchema, token: fileTokenSchema }),
    output: bounceReportViewSchema,
  },
  /** The job's newest match, or null when none was made. */
  'bounces:last': {
    input: z.strictObject({ jobId: jobIdSchema }),
    output: bounceReportViewSchema.nullable(),
  },
  /** Saves the newest match's evidence file where the user chooses; null when they cancel. */
  'bounces:save': {
    input: z.strictObject({ jobId: jobIdSchema }),
    output: bounceEvidenceViewSchema.nullable(),
  },
} as const;
