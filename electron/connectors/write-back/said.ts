// A message kept on disk (a write-back's refusals and its error), so it is
// said later in the reader's language. One this build does not know (written
// by a newer one) is left out, and its English is said instead.
import { z } from 'zod';
import en from '../../../locales/en.json' with { type: 'json' };
import type { MessageId } from '../../common/i18n/translate';
import type { Message } from '../../common/i18n/message';

const messageId = z.custom<MessageId>((v) => typeof v === 'string' && Object.hasOwn(en, v));

export const saidSchema: z.ZodType<Message> = z.lazy(() =>
  z.object({
    id: messageId,
    values: z.record(z.string(), z.union([z.string(), z.number(), saidSchema])).optional(),
  }),
);

/** A kept message, or nothing when this build cannot say it. */
export const keptSaid = saidSchema.optional().catch(undefined);
