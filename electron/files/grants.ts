// Files main may touch for the user, named by opaque ids instead of paths:
// the window is untrusted and never names a path that main then acts on. A
// file becomes usable only through the user's own gesture (a drop, whose path
// the preload reads from the really dropped File; the native Open dialog), and
// "Show in folder" shows only files the app saved itself.
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { z } from 'zod';
import type { FileGrantView } from '../ipc/contract';
import { toIpcError } from '../ipc/registry';
import { fail, ok, type IpcResult } from '../ipc/result';
import { AppError } from '../lib/app-error';
import { localPathProblem } from './local-path';

/** Granted but not yet opened: a few drops' worth; older grants lapse. */
const MAX_GRANTED = 32;
/** Saved files that "Show in folder" may still show this run. */
const MAX_SAVED = 256;

export interface FileGrants {
  /** Checks a file the user chose by a gesture and hands back its one-use token. */
  grant(path: string): Promise<FileGrantView>;
  /** The path behind a token, once; any other token is refused. */
  take(token: string): string;
  /** Notes a file the app wrote; answers the id "Show in folder" may name it by. */
  saved(path: string): string;
  /** The path of a file the app wrote, by its id. */
  savedPath(fileId: string): string;
  /**
   * The route behind the preload's grant channel (and the e2e bridge's): the
   * path is checked like any input, and every answer is a result envelope.
   */
  grantRoute(input: unknown): Promise<IpcResult<FileGrantView>>;
}

const newId = (): string => randomBytes(16).toString('base64url');

function remember(ids: Map<string, string>, path: string, max: number): string {
  const id = newId();
  ids.set(id, path);
  // Maps keep insertion order: the first key is the oldest.
  if (ids.size > max) ids.delete(ids.keys().next().value as string);
  return id;
}

const pathInput = z.string().min(1).max(32_767);

export function createFileGrants(platform: NodeJS.Platform = process.platform): FileGrants {
  const granted = new Map<string, string>();
  const written = new Map<string, string>();

  const grant = async (path: string): Promise<FileGrantView> => {
    const problem = localPathProblem(path, platform);
    if (problem) throw new AppError('bad_file', problem);
    const name = basename(path);
    let isFile: boolean;
    try {
      isFile = (await stat(path)).isFile();
    } catch {
      throw new AppError(
        'bad_file',
        `${name} could not be opened. Check that the file still exists and you may read it.`,
      );
    }
    if (!isFile) {
      throw new AppError(
        'bad_file',
        `${name} is not a file. Choose a .csv, .tsv, .txt or .xlsx list.`,
      );
    }
    return { token: remember(granted, path, MAX_GRANTED), fileName: name };
  };

  return {
    grant,
    take(token) {
      const path = granted.get(token);
      if (path === undefined) {
        throw new AppError(
          'invalid_input',
          'That file is no longer open to List Cleaner: drop it on the window again, or pick it with Choose file.',
        );
      }
      granted.delete(token);
      return path;
    },
    saved: (path) => remember(written, path, MAX_SAVED),
    savedPath(fileId) {
      const path = written.get(fileId);
      if (path === undefined) {
        throw new AppError('invalid_input', 'List Cleaner shows only files it saved itself.');
      }
      return path;
    },
    async grantRoute(input) {
      const parsed = pathInput.safeParse(input);
      if (!parsed.success) {
        return fail({ code: 'invalid_input', message: 'That is not a file from your computer.' });
      }
      try {
        return ok(await grant(parsed.data));
      } catch (err) {
        return fail(toIpcError(err));
      }
    },
  };
}
