// A tar archive read as its bytes arrive: each regular file whole, nothing
// else kept, nothing read past what the reader asked for, and an archive cut
// short refused.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tarFiles } from '../../../../electron/lib/files/tar-stream';
import { tarGz } from '../../../fakes/common/tar';

const archive = (files: { name: string; content: Buffer }[]) => gunzipSync(tarGz(files));

/** The bytes in chunks of `size`, counting how many were pulled. */
function chunked(bytes: Buffer, size: number) {
  const seen = { chunks: 0 };
  async function* chunks() {
    for (let at = 0; at < bytes.length; at += size) {
      seen.chunks += 1;
      yield bytes.subarray(at, at + size);
    }
  }
  return { chunks: chunks(), seen };
}

describe('tarFiles', () => {
  it('gives each regular file whole, whatever the chunks it arrives in', async () => {
    const files = [
      { name: 'b1/a.json', content: Buffer.from('[1,2,3]') },
      { name: 'b1/b.json', content: Buffer.alloc(1500, 0x61) },
      { name: 'b1/empty.json', content: Buffer.alloc(0) },
    ];
    for (const size of [1, 7, 512, 100_000]) {
      const got = [];
      for await (const f of tarFiles(chunked(archive(files), size).chunks)) got.push(f);
      expect(got).toEqual(files);
    }
  });

  it('reads no further than the files asked for: the archive is never held whole', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 0x20);
    const bytes = archive([
      { name: 'first.json', content: Buffer.from('[]') },
      { name: 'big.json', content: big },
    ]);
    const { chunks, seen } = chunked(bytes, 4096);
    for await (const f of tarFiles(chunks)) {
      expect(f.name).toBe('first.json');
      break;
    }
    // The first header and file: two 4 KB chunks of a 4 MB archive.
    expect(seen.chunks).toBeLessThanOrEqual(2);
  });

  it('refuses an archive cut short', async () => {
    const bytes = archive([{ name: 'a.json', content: Buffer.alloc(2000, 0x61) }]);
    const read = async () => {
      for await (const f of tarFiles(chunked(bytes.subarray(0, 1024), 512).chunks)) void f;
    };
    await expect(read()).rejects.toThrow(/cut short/);
  });
});
