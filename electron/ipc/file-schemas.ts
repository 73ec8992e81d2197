// Files as the window names them: only by the opaque ids main handed out (a
// one-use token for a file dropped or chosen, an id for a file main saved),
// never by a path. Shared by the contract's files of channels.
import { z } from 'zod';
import type { FileGrantView } from '../common/views/views';
import { text, viewOf } from '../lib/view-of';
import { inputWords } from './input-words';

/** An opaque id main handed out for a file (128 random bits, base64url), never a path. */
const FILE_ID = /^[A-Za-z0-9_-]{22}$/;

export const fileTokenSchema = z.string().regex(FILE_ID, inputWords('error.ipc.input.fileToken'));

export const savedFileSchema = z.string().regex(FILE_ID, inputWords('error.ipc.input.savedFile'));

/** A file the user dropped or chose, as the window may know it: a token and a name, no path. */
export const fileGrantSchema = viewOf<FileGrantView>()(
  z.strictObject({ token: text, fileName: text }),
);
