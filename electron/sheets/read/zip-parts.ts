// A workbook is a zip of XML parts. Its central directory is read first, so
// any part can be opened in any order (Excel writes the shared strings after
// the sheets; a sheet cannot be read before them), and a part is streamed
// through node's inflate, never held whole unless it is small.
import { Parser } from 'htmlparser2';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { MAX_WORKBOOK_PARTS, WorkbookOverCap } from './workbook-caps';

export interface ZipParts {
  has(name: string): boolean;
  /** Every part's name, lower-cased. */
  names(): string[];
  /** Uncompressed size as the zip says it; 0 for a missing part. */
  size(name: string): number;
  /**
   * A missing part yields null. A part whose inflated size is declared over
   * `maxBytes` is refused before anything is inflated (yauzl stops one that
   * inflates past its declared size).
   */
  open(name: string, maxBytes?: number): Promise<Readable | null>;
  close(): void;
}

/** Part names are case-insensitive in OOXML, and some writers use backslashes. */
const key = (name: string) => name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase();

/** Throws yauzl's error for a file that is not a zip (or a damaged one). */
export async function openZipParts(path: string): Promise<ZipParts> {
  const zip = await yauzl.openPromise(path, { autoClose: false, strictFileNames: false });
  const entries = new Map<string, yauzl.Entry>();
  try {
    // Counted from the end of the central directory, before any entry is read.
    if (zip.entryCount > MAX_WORKBOOK_PARTS) {
      throw new WorkbookOverCap('parts', MAX_WORKBOOK_PARTS);
    }
    for await (const entry of zip.eachEntry()) entries.set(key(entry.fileName), entry);
  } catch (err) {
    zip.close();
    throw err;
  }
  return {
    has: (name) => entries.has(key(name)),
    names: () => [...entries.keys()],
    size: (name) => entries.get(key(name))?.uncompressedSize ?? 0,
    async open(name, maxBytes = Infinity) {
      const entry = entries.get(key(name));
      if (!entry) return null;
      if (entry.uncompressedSize > maxBytes) throw new WorkbookOverCap('part', maxBytes);
      return zip.openReadStreamPromise(entry);
    },
    close: () => zip.close(),
  };
}

export interface XmlHandlers {
  /** The element's local name (any namespace prefix dropped). */
  open?(name: string, attrs: Record<string, string>): void;
  text?(text: string): void;
  close?(name: string): void;
}

const localName = (name: string) => {
  const at = name.indexOf(':');
  return at === -1 ? name : name.slice(at + 1);
};

/**
 * An XML parser fed by chunks. Namespace prefixes vary between writers
 * (`<x:row>` from some exporters), so handlers see local names only;
 * attribute names keep theirs (`r:id`).
 */
export function xmlParser(handlers: XmlHandlers) {
  const { open, text, close } = handlers;
  const parser = new Parser(
    {
      ...(open
        ? {
            onopentag: (name: string, attrs: Record<string, string>) =>
              open(localName(name), attrs),
          }
        : {}),
      ...(text ? { ontext: text } : {}),
      ...(close ? { onclosetag: (name: string) => close(localName(name)) } : {}),
    },
    { xmlMode: true, decodeEntities: true },
  );
  return { write: (chunk: string) => parser.write(chunk), end: () => parser.end() };
}

/**
 * Parses a part to its end. The stream decodes UTF-8 itself, so a character
 * cut between two chunks stays whole. `afterChunk` may hold the reading (a
 * consumer that is behind) before the next chunk is parsed.
 */
export async function parsePart(
  stream: Readable,
  handlers: XmlHandlers,
  signal?: AbortSignal,
  afterChunk?: (chars: number) => Promise<void> | void,
): Promise<void> {
  const parser = xmlParser(handlers);
  stream.setEncoding('utf8');
  for await (const chunk of stream) {
    if (signal?.aborted) throw signal.reason;
    parser.write(chunk as string);
    if (afterChunk) await afterChunk((chunk as string).length);
  }
  parser.end();
}

/** A small part (workbook, relationships, styles) parsed whole; a missing part parses as empty. */
export async function parseSmallPart(
  parts: ZipParts,
  name: string,
  handlers: XmlHandlers,
): Promise<boolean> {
  const stream = await parts.open(name);
  if (!stream) return false;
  await parsePart(stream, handlers);
  return true;
}

/** The relationships of a part: id → target, resolved against the part's folder. */
export async function readRelationships(
  parts: ZipParts,
  partName: string,
): Promise<Map<string, { target: string; external: boolean }>> {
  const slash = partName.lastIndexOf('/');
  const folder = partName.slice(0, slash + 1);
  const relsName = `${folder}_rels/${partName.slice(slash + 1)}.rels`;
  const rels = new Map<string, { target: string; external: boolean }>();
  await parseSmallPart(parts, relsName, {
    open(name, attrs) {
      if (name !== 'Relationship' || !attrs.Id || attrs.Target === undefined) return;
      const external = attrs.TargetMode === 'External';
      rels.set(attrs.Id, {
        target: external ? attrs.Target : resolvePart(folder, attrs.Target),
        external,
      });
    },
  });
  return rels;
}

/**
 * The relationship an element points at (`r:id`), whatever prefix the
 * writer gave the relationships' namespace.
 */
export function relationshipId(attrs: Record<string, string>): string | undefined {
  return attrs['r:id'] ?? Object.entries(attrs).find(([k]) => k.endsWith(':id'))?.[1];
}

/** "worksheets/sheet1.xml" against "xl/" → "xl/worksheets/sheet1.xml"; "/xl/…" is absolute. */
export function resolvePart(folder: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : folder + target).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}
