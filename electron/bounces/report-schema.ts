// The schema of a matched bounce report's figures (common/views/bounce-views.ts):
// checked where they cross an edge, as the IPC answer (ipc/bounces/contract.ts)
// and as the file a match is kept in (evidence.ts).
import { z } from 'zod';
import type { BounceReportView, BouncedDeliverable } from '../common/views/bounce-views';
import { count, text, viewOf } from '../lib/view-of';

const when = z.iso.datetime({ offset: true });

const bouncedDeliverableSchema = viewOf<BouncedDeliverable>()(
  z.strictObject({
    hard: count,
    soft: count,
    unspecified: count,
    paid: count,
    reused: count,
    beforeVerdict: count,
    firstBounce: when.nullable(),
    lastBounce: when.nullable(),
    firstVerdict: when.nullable(),
    lastVerdict: when.nullable(),
  }),
);

export const bounceReportViewSchema = viewOf<BounceReportView>()(
  z.strictObject({
    jobId: text,
    fileName: text,
    format: text,
    rows: count,
    skipped: count,
    addresses: count,
    inList: count,
    notInList: count,
    deliverable: bouncedDeliverableSchema,
    undeliverable: count,
    unknown: count,
    otherVerdict: count,
    complaints: count,
    unsubscribes: count,
    suppressed: z.strictObject({ added: count, already: count }),
    evidenceRows: count,
    matchedAt: when,
  }),
);
