// A message to be said later, in a language not known where it is made: an
// error thrown in the core is said in the window's language when it crosses
// to the window (ipc/registry.ts), and in the command line's when printed.
// Its English is the error's own `message`, for logs and tests.
import en from '../../../locales/en.json' with { type: 'json' };
import { createTranslator, type MessageId, type Translator } from './translate';

/** A message's id and its placeholders' values; a value may be a message of its own. */
export interface Message {
  readonly id: MessageId;
  readonly values?: Readonly<Record<string, string | number | Message>>;
}

/** The translating function of one language (`Translator['t']`). */
export type Translate = Translator['t'];

export const message = (id: MessageId, values?: Message['values']): Message =>
  values === undefined ? { id } : { id, values };

export const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as Message).id === 'string';

/** `said` in the language of `t`, each message among its values said first. */
export function say(t: Translate, said: Message): string {
  if (!said.values) return t(said.id);
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(said.values)) {
    values[name] = typeof value === 'object' ? say(t, value) : value;
  }
  return t(said.id, values);
}

/** English, the source language: what an error's `message` says. */
export const english: Translator = createTranslator('en', en, en);
