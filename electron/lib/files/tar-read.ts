// Reads the regular files of a gzipped tar archive held in memory (ustar and
// the old format alike): Mailchimp hands a batch's results over as one. Only
// what the archive's own headers say is trusted, and within the bytes given.
import { gunzipSync } from 'node:zlib';

export interface TarFile {
  name: string;
  content: Buffer;
}

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? raw.length : end).toString('utf8');
}

/** The archive's regular files; throws on a header that does not add up. */
export function readTarGz(gz: Buffer, maxBytes: number): TarFile[] {
  const tar = gunzipSync(gz, { maxOutputLength: maxBytes });
  const files: TarFile[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0 || at + BLOCK + size > tar.length) {
      throw new Error('the archive is cut short or its header is damaged');
    }
    const type = field(header, 156, 1);
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
    if (type === '0' || type === '') {
      files.push({ name, content: Buffer.from(tar.subarray(at + BLOCK, at + BLOCK + size)) });
    }
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
