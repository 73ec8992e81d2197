// A sentence kept on disk and read later (a job's failure, why it is held,
// what it waits for): its English, and beside it the catalog's message it
// was made from, so whoever reads it later reads it in their own language.
// A file written before messages were kept, or naming one this version does
// not know (a later List Cleaner's), says its English as it is.
import { z } from 'zod';
import en from '../../locales/en.json' with { type: 'json' };
import { say, type Message, type Translate } from '../common/i18n/message';
import type { MessageId } from '../common/i18n/translate';

/** A message as a file keeps it: any id, checked against the catalog only when said. */
export interface StoredMessage {
  id: string;
  values?: Record<string, string | number | StoredMessage>;
}

export const storedMessage: z.ZodType<StoredMessage> = z.lazy(() =>
  z.object({
    id: z.string().max(200),
    values: z.record(z.string(), z.union([z.string(), z.number(), storedMessage])).optional(),
  }),
);

type MessageValue = NonNullable<Message['values']>[string];

const isMessageId = (id: string): id is MessageId => Object.hasOwn(en, id);

/** The message a stored one names, or null when it (or one among its values) is not in this catalog. */
function known(stored: StoredMessage): Message | null {
  if (!isMessageId(stored.id)) return null;
  if (stored.values === undefined) return { id: stored.id };
  const values: Record<string, MessageValue> = {};
  for (const [name, value] of Object.entries(stored.values)) {
    if (typeof value !== 'object') {
      values[name] = value;
      continue;
    }
    const inner = known(value);
    if (inner === null) return null;
    values[name] = inner;
  }
  return { id: stored.id, values };
}

/** A stored sentence in the language of `t`: its message said, or its English when it has none this version knows. */
export function sayStored(t: Translate, english: string, said: StoredMessage | undefined): string {
  const message = said === undefined ? null : known(said);
  return message === null ? english : say(t, message);
}
