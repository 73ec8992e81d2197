// Where a cleaned list may be saved: the default name for a job's export (one
// rule for every shell), and the check of a destination the user chose, by the
// rules of the system it is written on. Each refusal says what is wrong with
// the name and what to do, before anything is written.
import { realpath, stat } from 'node:fs/promises';
import { posix, win32 } from 'node:path';
import type { ExportFilter } from './types';

const MAX_NAME = 255;

/** Names Windows keeps for devices, alone or followed by any extension (NUL.tar.gz). */
const RESERVED = /^(CON|PRN|AUX|NUL|CONIN\$|CONOUT\$|COM[1-9¹²³]|LPT[1-9¹²³])$/i;
// Windows refuses these anywhere in a name, as it does control characters.
// eslint-disable-next-line no-control-regex
const WINDOWS_REFUSED = /[<>:"|?*\u0000-\u001f]/g;

const SUFFIX: Record<ExportFilter | 'filtered', string> = {
  all: 'cleaned',
  deliverable: 'deliverable',
  'not-deliverable': 'to-review',
  /** The rows a filter of the results kept. */
  filtered: 'filtered',
};

export interface ExportNameOptions {
  /** Which rows the export keeps; it names the file (default: all, ".cleaned"). */
  filter?: ExportFilter | 'filtered';
  /** A .tsv input keeps its extension (the command line); otherwise ".csv". */
  keepTsv?: boolean;
  /** The file written: an Excel workbook is named ".xlsx" (default: CSV). */
  extension?: 'csv' | 'xlsx';
  /** Whose rules the name must follow; default this system's. */
  platform?: NodeJS.Platform;
}

const pathsFor = (platform: NodeJS.Platform) => (platform === 'win32' ? win32 : posix);

/**
 * A name's length as its file system counts it: UTF-16 units on Windows and
 * macOS, UTF-8 bytes elsewhere (Linux file systems allow 255 bytes).
 */
function nameLength(name: string, platform: NodeJS.Platform): number {
  return platform === 'win32' || platform === 'darwin' ? name.length : Buffer.byteLength(name);
}

/** The part Windows compares with its device names: up to the first dot, less trailing spaces. */
const deviceStem = (name: string) => (name.split('.')[0] ?? '').replace(/ +$/, '');

/** Case and Unicode form folded where the file system ignores them. */
function foldFor(platform: NodeJS.Platform): (path: string) => string {
  if (platform === 'win32' || platform === 'darwin') {
    return (path) => path.normalize('NFC').toLowerCase();
  }
  return (path) => path;
}

const shown = (name: string) => (name.length > 60 ? `${name.slice(0, 59)}…` : name);

/** The first characters of `stem` such that stem + tail fits in a name. */
function fit(stem: string, tail: string, platform: NodeJS.Platform): string {
  let out = '';
  for (const ch of stem) {
    if (nameLength(out + ch + tail, platform) > MAX_NAME) break;
    out += ch;
  }
  return out + tail;
}

/** The default file name of a job's export, valid on `platform`. */
export function defaultExportName(inputName: string, options: ExportNameOptions = {}): string {
  const platform = options.platform ?? process.platform;
  const paths = pathsFor(platform);
  const ext = paths.extname(inputName);
  let stem = paths.basename(inputName, ext);
  const extension =
    options.extension === 'xlsx'
      ? '.xlsx'
      : options.keepTsv && ext.toLowerCase() === '.tsv'
        ? '.tsv'
        : '.csv';
  let tail = `.${SUFFIX[options.filter ?? 'all']}${extension}`;
  if (platform === 'win32') {
    stem = stem.replace(WINDOWS_REFUSED, '_');
    // con.csv would become con.cleaned.csv: still the device CON to Windows.
    const first = stem.split('.')[0] ?? '';
    if (RESERVED.test(deviceStem(stem))) stem = `${first.trimEnd()}_${stem.slice(first.length)}`;
  }
  let name = fit(stem, tail, platform);
  const fold = foldFor(platform);
  if (fold(name) === fold(paths.basename(inputName))) {
    // Only a shortened name can come back as the input's own.
    tail = `_${tail}`;
    name = fit(stem, tail, platform);
  }
  return name;
}

/** The default export path of a job: beside the user's file. */
export function defaultExportPath(inputPath: string, options: ExportNameOptions = {}): string {
  const paths = pathsFor(options.platform ?? process.platform);
  return paths.join(
    paths.dirname(inputPath),
    defaultExportName(paths.basename(inputPath), options),
  );
}

function describeRefused(chars: string[]): string {
  const unique = [...new Set(chars)];
  const named = unique
    .filter((c) => c >= ' ')
    .map((c) => `"${c}"`)
    .concat(unique.some((c) => c < ' ') ? ['a control character'] : []);
  return named.length === 1
    ? (named[0] as string)
    : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1] as string}`;
}

/** What is wrong with a file name itself on `platform`, or null. */
export function exportNameProblem(name: string, platform: NodeJS.Platform): string | null {
  if (name === '' || name === '.' || name === '..') return 'Choose a name for the file.';
  if (name.includes('\u0000')) {
    return `The file name "${shown(name)}" contains a control character. Choose another name.`;
  }
  if (platform === 'win32') {
    const refused = name.match(WINDOWS_REFUSED);
    if (refused) {
      return `Windows does not allow ${describeRefused(refused)} in a file name ("${shown(name)}"). Choose another name.`;
    }
    const stem = deviceStem(name);
    if (RESERVED.test(stem)) {
      return `Windows cannot save a file named "${shown(name)}": ${stem.toUpperCase()} is a name it keeps for a device. Choose another name.`;
    }
    if (/[. ]$/.test(name)) {
      return `Windows cannot save a file named "${shown(name)}": a name may not end with a dot or a space. Choose another name.`;
    }
  }
  const length = nameLength(name, platform);
  if (length > MAX_NAME) {
    const limit =
      length === name.length
        ? `${length} characters; at most ${MAX_NAME}`
        : `at most ${MAX_NAME} bytes here, and a letter outside A–Z takes 2 to 4`;
    return `The file name "${shown(name)}" is too long (${limit}). Choose a shorter name.`;
  }
  return null;
}

/** What is wrong with the folders on the way to a file, or null. */
function folderProblem(folder: string, platform: NodeJS.Platform): string | null {
  if (platform !== 'win32') return null;
  const { root } = win32.parse(folder);
  for (const part of folder.slice(root.length).split(/[\\/]/)) {
    if (/[. ]$/.test(part)) {
      return `Windows cannot use the folder "${shown(part)}": a folder name may not end with a dot or a space. Choose another folder.`;
    }
  }
  return null;
}

export interface DestinationCheck {
  /** The user's own list (and any copy of it), which an export may never replace. */
  input?: string | readonly string[];
  platform?: NodeJS.Platform;
}

/**
 * What is wrong with saving a cleaned list at `dest`, or null: a name the
 * system refuses, a missing folder, a folder in the way, or the user's own list.
 */
export async function exportDestinationProblem(
  dest: string,
  check: DestinationCheck = {},
): Promise<string | null> {
  const platform = check.platform ?? process.platform;
  const paths = pathsFor(platform);
  const resolved = paths.resolve(dest);
  const name = paths.basename(resolved);
  const folder = paths.dirname(resolved);
  const problem = exportNameProblem(name, platform) ?? folderProblem(folder, platform);
  if (problem) return problem;
  const folderInfo = await stat(folder).catch(() => null);
  if (!folderInfo?.isDirectory()) {
    return `The folder ${folder} does not exist. Choose another place.`;
  }
  const info = await stat(resolved).catch(() => null);
  if (info?.isDirectory()) return `"${shown(name)}" is a folder. Choose a name for the file.`;
  const real = async (p: string) => realpath(p).catch(() => paths.resolve(p));
  const fold = foldFor(platform);
  for (const input of typeof check.input === 'string' ? [check.input] : (check.input ?? [])) {
    if (fold(await real(resolved)) === fold(await real(input))) {
      return `The cleaned list cannot replace ${paths.basename(input)}: your original file is never changed. Choose another name.`;
    }
  }
  return null;
}
