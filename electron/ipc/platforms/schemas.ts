// The schemas of what the window is shown of the list platforms
// (common/views/platform-views.ts), each proven to describe its view exactly.
import { z } from 'zod';
import type { PlatformProgressView, WriteBackChangedView } from '../../common/events';
import { MEMBER_CHOICES, PLATFORMS, VERDICT_STATUSES } from '../../common/catalogs/platforms';
import type {
  ConnectionView,
  PlatformListView,
  WorkCounts,
  WriteBackPlan,
  WriteBackReport,
} from '../../common/views/platform-views';
import { count, text, viewOf } from '../../lib/view-of';

export const platformSchema = z.enum(PLATFORMS);
export const memberChoiceSchema = z.enum(MEMBER_CHOICES);
export const retireModeSchema = z.enum(['unsubscribe', 'archive']);

export const connectionViewSchema = viewOf<ConnectionView>()(
  z.strictObject({
    platform: platformSchema,
    name: text,
    connected: z.boolean(),
    host: text.nullable(),
    keyEnding: text.nullable(),
    keyName: text,
    keyHelp: text,
    listWord: text,
    from: z.enum(['saved', 'environment']).nullable(),
  }),
);

export const platformListSchema = viewOf<PlatformListView>()(
  z.strictObject({ id: text, name: text, size: count.nullable(), kind: text }),
);

const workCountsSchema = viewOf<WorkCounts>()(
  z.strictObject({
    write: z.partialRecord(z.enum(VERDICT_STATUSES), count),
    unchanged: count,
    skipped: count,
    retirable: count,
    moves: z.record(text, count).optional(),
  }),
);

export const writeBackPlanSchema = viewOf<WriteBackPlan>()(
  z.strictObject({
    platform: platformSchema,
    listName: text,
    checkedAt: text,
    counts: workCountsSchema,
    how: text,
    dated: z.boolean(),
    retireModes: z.array(retireModeSchema),
  }),
);

export const writeBackReportSchema = viewOf<WriteBackReport>()(
  z.strictObject({
    platform: platformSchema,
    listName: text,
    state: z.enum(['writing', 'done', 'failed']),
    phase: z.enum(['verdicts', 'retire', 'done']),
    plan: workCountsSchema,
    counts: z.strictObject({
      written: count,
      refused: count,
      retired: count,
      retireRefused: count,
    }),
    refusals: z.array(z.strictObject({ email: text, reason: text })),
    retire: retireModeSchema.nullable(),
    startedAt: text,
    finishedAt: text.nullable(),
    error: text.nullable(),
  }),
);

export const platformProgressSchema = viewOf<PlatformProgressView>()(
  z.strictObject({
    platform: platformSchema,
    listId: text,
    members: count,
    total: count.nullable(),
  }),
);

export const writeBackChangedSchema = viewOf<WriteBackChangedView>()(
  z.strictObject({
    jobId: text,
    report: writeBackReportSchema,
    done: count,
    total: count,
  }),
);
