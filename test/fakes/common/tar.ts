// A minimal ustar writer: Mailchimp serves a finished batch's results as a
// gzipped tar archive of JSON files (response_body_url), and the fake builds
// one the same way. Only regular files, names under 100 bytes.
import { gzipSync } from 'node:zlib';

function header(name: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(512, 0);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  h.write(size.toString(8).padStart(11, '0') + '\0', 124, 'ascii');
  h.write(
    Math.floor(mtime / 1000)
      .toString(8)
      .padStart(11, '0') + '\0',
    136,
    'ascii',
  );
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

export function tarGz(files: { name: string; content: Buffer }[], mtime = Date.now()): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(header(file.name, file.content.length, mtime), file.content);
    const pad = (512 - (file.content.length % 512)) % 512;
    if (pad > 0) parts.push(Buffer.alloc(pad, 0));
  }
  parts.push(Buffer.alloc(1024, 0));
  return gzipSync(Buffer.concat(parts));
}
