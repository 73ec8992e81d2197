// The app's own channels: its updates, and the job a notification asked for
// before a window listened; and the events that open a page from main.
import { z } from 'zod';
import type { EventPayloads } from '../../common/events';
import type { UpdateView } from '../../common/views/views';
import { text, viewOf } from '../../lib/view-of';
import { jobIdSchema } from '../jobs/job-schemas';

export const updateViewSchema = viewOf<UpdateView>()(
  z.strictObject({
    state: z.enum(['off', 'idle', 'checking', 'available', 'downloading', 'ready', 'error']),
    version: text.nullable(),
    progress: z.number().nullable(),
    message: text.nullable(),
  }),
);

const noInput = z.undefined();

export const appChannels = {
  /**
   * Asked once as the window starts: the job whose notification was clicked
   * while no window listened (results:open reaches only a page that listens).
   */
  'results:pending': {
    input: noInput,
    output: z.strictObject({ jobId: jobIdSchema }).nullable(),
  },
  'update:status': { input: noInput, output: updateViewSchema },
  /** Quits and installs the downloaded update; refused while a job runs. */
  'update:restart': { input: noInput, output: z.strictObject({ restarting: z.literal(true) }) },
} as const;

export const appEvents = {
  'update:changed': updateViewSchema,
  'results:open': viewOf<EventPayloads['results:open']>()(z.strictObject({ jobId: jobIdSchema })),
} as const;
