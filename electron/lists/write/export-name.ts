// Where a cleaned list may be saved: the default name for a job's export (one
// rule for every shell), and the check of a destination the user chose, by the
// rules of the system it is written on. Each refusal says what is wrong with
// the name and what to do, before anything is written.
import { realpath, stat } from 'node:fs/promises';
import { posix, win32 } from 'node:path';
import { english, message, say, type Message } from '../../common/i18n/message';
import { andList } from '../../lib/items';
import type { ExportFilter } from '../types';

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

function describeRefused(chars: string[]): Message | string {
  const unique = [...new Set(chars)];
  const named: Array<Message | string> = unique.filter((c) => c >= ' ').map((c) => `"${c}"`);
  if (unique.some((c) => c < ' ')) named.push(message('error.export.controlCharacter'));
  return andList(named);
}

/** What is wrong with a file name itself on `platform`, or null. */
export function exportNameSaid(name: string, platform: NodeJS.Platform): Message | null {
  if (name === '' || name === '.' || name === '..') return message('error.export.noName');
  if (name.includes('\u0000')) return message('error.export.controlInName', { name: shown(name) });
  if (platform === 'win32') {
    const refused = name.match(WINDOWS_REFUSED);
    if (refused) {
      return message('error.export.windowsRefuses', {
        chars: describeRefused(refused),
        name: shown(name),
      });
    }
    const stem = deviceStem(name);
    if (RESERVED.test(stem)) {
      return message('error.export.deviceName', { name: shown(name), device: stem.toUpperCase() });
    }
    if (/[. ]$/.test(name)) return message('error.export.endsWithDot', { name: shown(name) });
  }
  const length = nameLength(name, platform);
  if (length > MAX_NAME) {
    return length === name.length
      ? message('error.export.tooLong', { name: shown(name), length, max: MAX_NAME })
      : message('error.export.tooManyBytes', { name: shown(name), max: MAX_NAME });
  }
  return null;
}

/** The same, in English. */
export function exportNameProblem(name: string, platform: NodeJS.Platform): string | null {
  const said = exportNameSaid(name, platform);
  return said === null ? null : say(english.t, said);
}

/** What is wrong with the folders on the way to a file, or null. */
function folderProblem(folder: string, platform: NodeJS.Platform): Message | null {
  if (platform !== 'win32') return null;
  const { root } = win32.parse(folder);
  for (const part of folder.slice(root.length).split(/[\\/]/)) {
    if (/[. ]$/.test(part))
      return message('error.export.folderEndsWithDot', { folder: shown(part) });
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
export async function exportDestinationSaid(
  dest: string,
  check: DestinationCheck = {},
): Promise<Message | null> {
  const platform = check.platform ?? process.platform;
  const paths = pathsFor(platform);
  const resolved = paths.resolve(dest);
  const name = paths.basename(resolved);
  const folder = paths.dirname(resolved);
  const problem = exportNameSaid(name, platform) ?? folderProblem(folder, platform);
  if (problem) return problem;
  const folderInfo = await stat(folder).catch(() => null);
  if (!folderInfo?.isDirectory()) return message('error.export.noFolder', { folder });
  const info = await stat(resolved).catch(() => null);
  if (info?.isDirectory()) return message('error.export.isFolder', { name: shown(name) });
  const real = async (p: string) => realpath(p).catch(() => paths.resolve(p));
  const fold = foldFor(platform);
  for (const input of typeof check.input === 'string' ? [check.input] : (check.input ?? [])) {
    if (fold(await real(resolved)) === fold(await real(input))) {
      return message('error.export.wouldReplaceOriginal', { name: paths.basename(input) });
    }
  }
  return null;
}

/** The same, in English. */
export async function exportDestinationProblem(
  dest: string,
  check: DestinationCheck = {},
): Promise<string | null> {
  const said = await exportDestinationSaid(dest, check);
  return said === null ? null : say(english.t, said);
}
