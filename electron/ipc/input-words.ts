// The input schemas' own sentences a person may read (a key too short, an
// address too long): each is the English of a catalog message, which the
// registry says in the window's language when an input is refused.
import { english, type Translate } from '../common/i18n/message';
import type { MessageId } from '../common/i18n/translate';

const INPUT_WORDS = [
  'error.ipc.input.addressTooLong',
  'error.ipc.input.keyTooShort',
  'error.ipc.input.keyTooLong',
  'error.ipc.input.keyCharacters',
  'error.ipc.input.fileToken',
  'error.ipc.input.savedFile',
  'error.ipc.input.jobId',
  'error.ipc.input.platformKeyTooShort',
  'error.ipc.input.wholeAddress',
  'error.ipc.input.emailTooLong',
  'error.ipc.input.emailAddress',
  'error.ipc.input.teamUrl',
  'error.ipc.input.teamUrlTooLong',
  'error.ipc.input.teamPasswordTooLong',
  'error.ipc.input.vendorDay',
] as const satisfies readonly MessageId[];

export type InputWord = (typeof INPUT_WORDS)[number];

/** A schema's message: the English of `id`. */
export const inputWords = (id: InputWord): string => english.t(id);

const byEnglish = new Map<string, InputWord>(INPUT_WORDS.map((id) => [english.t(id), id]));

/** An issue's message in the language of `t` when it is one of the schemas' own; as it is otherwise. */
export function sayInput(text: string, t: Translate): string {
  const id = byEnglish.get(text);
  return id === undefined ? text : t(id);
}
