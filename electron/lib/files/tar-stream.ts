// Reads the regular files of a tar archive as its bytes arrive (ustar and the
// old format alike): Mailchimp hands a batch's results over as one, gzipped.
// Only what the archive's own headers say is trusted; the archive is never
// held whole, only the file being read (the caller bounds the stream, and so
// every file in it).

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

/** Bytes taken from a stream of chunks exactly as many at a time as asked. */
function byteReader(source: AsyncIterable<Uint8Array>) {
  const chunks = source[Symbol.asyncIterator]();
  let held: Buffer[] = [];
  let length = 0;
  /** Holds at least `n` bytes, or false when the stream ended first. */
  const fill = async (n: number): Promise<boolean> => {
    while (length < n) {
      const { done, value } = await chunks.next();
      if (done) return false;
      held.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      length += value.byteLength;
    }
    return true;
  };
  /** The next `n` bytes (joined once, not chunk by chunk), or null at the end. */
  const read = async (n: number): Promise<Buffer | null> => {
    if (!(await fill(n))) return null;
    const all = held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held, length);
    const rest = all.subarray(n);
    held = rest.length > 0 ? [rest] : [];
    length = rest.length;
    return all.subarray(0, n);
  };
  /** Passes `n` bytes by without keeping them. */
  const skip = async (n: number): Promise<boolean> => {
    let left = n;
    while (left > 0) {
      if (!(await fill(1))) return false;
      const step = Math.min(left, length);
      const all = held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held, length);
      const rest = all.subarray(step);
      held = rest.length > 0 ? [rest] : [];
      length = rest.length;
      left -= step;
    }
    return true;
  };
  /** Stops reading: the source is closed (a network body is let go). */
  const close = async () => {
    await chunks.return?.();
  };
  return { read, skip, close };
}

const damaged = () => new Error('the archive is cut short or its header is damaged');

/** The archive's regular files, one at a time as they arrive; throws on a header that does not add up. */
export async function* tarFiles(
  source: AsyncIterable<Uint8Array>,
): AsyncGenerator<TarFile, void, undefined> {
  const bytes = byteReader(source);
  try {
    for (;;) {
      const header = await bytes.read(BLOCK);
      if (header === null || header.every((b) => b === 0)) return;
      const size = parseInt(field(header, 124, 12).trim() || '0', 8);
      if (!Number.isFinite(size) || size < 0) throw damaged();
      const type = field(header, 156, 1);
      const prefix = field(header, 345, 155);
      const name = (prefix ? `${prefix}/` : '') + field(header, 0, 100);
      const padding = Math.ceil(size / BLOCK) * BLOCK - size;
      if (type === '0' || type === '') {
        const content = await bytes.read(size);
        if (content === null) throw damaged();
        yield { name, content: Buffer.from(content) };
        if (!(await bytes.skip(padding))) throw damaged();
      } else if (!(await bytes.skip(size + padding))) throw damaged();
    }
  } finally {
    await bytes.close();
  }
}
