// Files main may touch for the user, named by opaque ids instead of paths:
// the window is untrusted and never names a path that main then acts on. A
// file becomes usable only through the user's own gesture (a drop, whose path
// the preload reads from the really dropped File; the native Open dialog), and
// "Show in folder" shows only files the app saved itself. A renderer process
// taken over could still name any path on the grant channel, so a grant is a
// list file only (by its extension, a regular file, not too large), and the
// file it resolved to is checked again when it is opened: a link swapped, or
// a file replaced, after the grant is refused.
import { randomBytes } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { FileGrantView } from '../common/views/views';
import { LIST_EXTENSIONS, MAX_LIST_BYTES } from '../common/limits';
import { message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { localPathSaid } from './local-path';

/** Granted but not yet opened: a few drops' worth; older grants lapse. */
const MAX_GRANTED = 32;
/** Saved files that "Show in folder" may still show this run. */
const MAX_SAVED = 256;

export interface FileGrants {
  /** Checks a file the user chose by a gesture and hands back its one-use token. */
  grant(path: string): Promise<FileGrantView>;
  /**
   * The file behind a token, once, checked again: still the very file the
   * grant resolved to (the real path, after links). Any other token is refused.
   */
  take(token: string): Promise<string>;
  /** Notes a file the app wrote; answers the id "Show in folder" may name it by. */
  saved(path: string): string;
  /** The path of a file the app wrote, by its id. */
  savedPath(fileId: string): string;
}

const newId = (): string => randomBytes(16).toString('base64url');

function remember<T>(ids: Map<string, T>, value: T, max: number): string {
  const id = newId();
  ids.set(id, value);
  // Maps keep insertion order: the first key is the oldest.
  if (ids.size > max) ids.delete(ids.keys().next().value as string);
  return id;
}

/** What a grant resolved to: the real file, and which one it is on its disk. */
interface Granted {
  path: string;
  real: string;
  dev: number;
  ino: number;
}

/** The kinds of list a grant takes, for "Choose a .csv, … or .xlsm list". */
const LISTS = {
  kinds: `.${LIST_EXTENSIONS.slice(0, -1).join(', .')}`,
  last: `.${LIST_EXTENSIONS.at(-1) ?? ''}`,
};

function isListName(path: string): boolean {
  const ext = extname(path).slice(1).toLowerCase();
  return (LIST_EXTENSIONS as readonly string[]).includes(ext);
}

/** The file a path resolves to now, checked as a list; throws in words the user can act on. */
async function resolveList(path: string): Promise<Omit<Granted, 'path'>> {
  const name = basename(path);
  if (!isListName(path)) {
    throw new AppError('bad_file', message('error.file.notAList', { name, ...LISTS }));
  }
  let real: string;
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    real = await realpath(path);
    info = await stat(real);
  } catch {
    throw new AppError('bad_file', message('error.file.unopenable', { name }));
  }
  if (!info.isFile())
    throw new AppError('bad_file', message('error.file.notAFile', { name, ...LISTS }));
  if (!isListName(real)) {
    throw new AppError('bad_file', message('error.file.leadsToNonList', { name, ...LISTS }));
  }
  if (info.size > MAX_LIST_BYTES) {
    throw new AppError(
      'bad_file',
      message('error.file.tooLarge', { name, gigabytes: MAX_LIST_BYTES / 1024 ** 3 }),
    );
  }
  return { real, dev: Number(info.dev), ino: Number(info.ino) };
}

export function createFileGrants(platform: NodeJS.Platform = process.platform): FileGrants {
  const granted = new Map<string, Granted>();
  const written = new Map<string, string>();

  const grant = async (path: string): Promise<FileGrantView> => {
    const problem = localPathSaid(path, platform);
    if (problem) throw new AppError('bad_file', problem);
    const resolved = await resolveList(path);
    const realProblem = localPathSaid(resolved.real, platform);
    if (realProblem) throw new AppError('bad_file', realProblem);
    return {
      token: remember(granted, { path, ...resolved }, MAX_GRANTED),
      fileName: basename(path),
    };
  };

  return {
    grant,
    async take(token) {
      const was = granted.get(token);
      if (was === undefined) {
        throw new AppError('invalid_input', message('error.file.grantLapsed'));
      }
      granted.delete(token);
      const now = await resolveList(was.path);
      if (now.real !== was.real || now.dev !== was.dev || now.ino !== was.ino) {
        throw new AppError(
          'bad_file',
          message('error.file.changedSinceGrant', { name: basename(was.path) }),
        );
      }
      return now.real;
    },
    saved: (path) => remember(written, path, MAX_SAVED),
    savedPath(fileId) {
      const path = written.get(fileId);
      if (path === undefined) {
        throw new AppError('invalid_input', message('error.file.notSavedHere'));
      }
      return path;
    },
  };
}
