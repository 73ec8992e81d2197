// Which encoding a file is in, and its text as a stream: BOMs, UTF-16, and
// Windows-1252 for files that are not valid UTF-8 all the way through.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  NotUtf8Error,
  bomLength,
  detectEncoding,
  encodingNames,
  fromByteText,
  parsesAsBytes,
  textStream,
  toByteText,
} from '../../../../electron/lists/read/encoding';
import type { Encoding } from '../../../../electron/lists/types';
import { encodeWindows1252 } from '../../../fixtures/lists/generate';
import { tempDir } from './read-support';

const BLOCK = 1 << 20; // the size detectEncoding checks at a time, and the read stream's chunk

async function file(content: Uint8Array | string): Promise<string> {
  const path = join(await tempDir('lc-enc-'), 'list.csv');
  await writeFile(path, content);
  return path;
}

/** The stream's text, as text (byte text decoded), with what it reported. */
async function decodeAll(path: string, encoding: Encoding, options: { fatal?: boolean } = {}) {
  const byteCounts: number[] = [];
  let raw = '';
  let chunks = 0;
  for await (const chunk of textStream(path, encoding, (b) => byteCounts.push(b), options)) {
    raw += chunk as string;
    chunks += 1;
  }
  const text = parsesAsBytes(encoding) ? fromByteText(raw) : raw;
  return { raw, text, byteCounts, chunks };
}

const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('detectEncoding', () => {
  it.each<[string, Buffer, Encoding]>([
    ['ASCII', Buffer.from('email\na@x.com\n'), 'utf-8'],
    ['UTF-8 without BOM', Buffer.from('email,name\nü@bücher.de,Jürgen 🎉\n'), 'utf-8'],
    ['UTF-8 with BOM', Buffer.from('\ufeffemail\na@x.com\n'), 'utf-8-bom'],
    ['UTF-16 LE with BOM', Buffer.from('\ufeffemail\ta\n', 'utf16le'), 'utf-16le'],
    ['UTF-16 BE with BOM', utf16be('\ufeffemail\ta\n'), 'utf-16be'],
    ['Windows-1252', encodeWindows1252('email,name\nrene@x.fr,René\n'), 'windows-1252'],
    ['a lone continuation byte', Buffer.from([0x61, 0x80, 0x62]), 'windows-1252'],
    ['a sequence cut short at the end', Buffer.from([0x61, 0x62, 0xc3]), 'windows-1252'],
    ['an overlong encoding', Buffer.from([0x61, 0xc0, 0xaf]), 'windows-1252'],
    ['a UTF-8 BOM alone', Buffer.from([0xef, 0xbb, 0xbf]), 'utf-8-bom'],
    ['one byte', Buffer.from('a'), 'utf-8'],
  ])('%s', async (_name, bytes, encoding) => {
    expect(await detectEncoding(await file(bytes))).toBe(encoding);
  });

  it('reads an empty file as UTF-8', async () => {
    expect(await detectEncoding(await file(''))).toBe('utf-8');
  });

  it.each([1, 2, 3])(
    'keeps UTF-8 with a 4-byte character %i byte(s) before a block boundary',
    async (before) => {
      const emoji = Buffer.from('🎉'); // f0 9f 8e 89
      const head = Buffer.alloc(BLOCK - before, 0x61);
      const bytes = Buffer.concat([head, emoji, Buffer.from('\nb@x.com\n')]);
      expect(await detectEncoding(await file(bytes))).toBe('utf-8');
    },
  );

  it('keeps UTF-8 with 2- and 3-byte characters across many block boundaries', async () => {
    const line = 'é,€,ü@bücher.de\n'; // 2-, 3- and 2-byte characters, odd line length
    const bytes = Buffer.from(line.repeat(Math.ceil((3 * BLOCK) / Buffer.byteLength(line))));
    expect(await detectEncoding(await file(bytes))).toBe('utf-8');
  });

  it('finds a Windows-1252 byte far past the first block', async () => {
    const bytes = Buffer.concat([
      Buffer.from('ok@x.com,Zoë\n'.repeat(200_000)), // about 2.8 MB of valid UTF-8
      encodeWindows1252('rene@x.fr,René\n'),
    ]);
    expect(bytes.length).toBeGreaterThan(2 * BLOCK);
    expect(await detectEncoding(await file(bytes))).toBe('windows-1252');
  });
});

describe('textStream', () => {
  it.each<[Encoding, Buffer]>([
    ['utf-8-bom', Buffer.from('\ufeffEmail;Prénom\r\n')],
    ['utf-16le', Buffer.from('\ufeffEmail;Prénom\r\n', 'utf16le')],
    ['utf-16be', utf16be('\ufeffEmail;Prénom\r\n')],
    ['utf-8', Buffer.from('Email;Prénom\r\n')],
  ])('gives %s text without its BOM', async (encoding, bytes) => {
    const { text } = await decodeAll(await file(bytes), encoding);
    expect(text).toBe('Email;Prénom\r\n');
  });

  it('maps Windows-1252 bytes, including 0x80–0x9f, to the right characters', async () => {
    const source = 'René Lefèvre,Pagó 50 €,Seán O’Brien,“quoted” – dash,Œuvre™,ÿ\u00a0';
    const { text } = await decodeAll(await file(encodeWindows1252(source)), 'windows-1252');
    expect(text).toBe(source);
  });

  it('keeps characters split across chunks whole, and reports every byte read', async () => {
    const line = 'jürgen@münchen.de,🎉 Fête,中文\n'; // 1- to 4-byte characters
    // The first chunk ends halfway through an emoji; later ends fall where they may.
    const source =
      'a'.repeat(BLOCK - 2) +
      '🎉\n' +
      line.repeat(Math.ceil((1.5 * BLOCK) / Buffer.byteLength(line)));
    const path = await file(source);
    const { text, byteCounts, chunks } = await decodeAll(path, 'utf-8');
    expect(chunks).toBeGreaterThan(2);
    expect(text).toBe(source);
    expect(byteCounts).toEqual([...byteCounts].sort((a, b) => a - b));
    expect(byteCounts.at(-1)).toBe(Buffer.byteLength(source));
  });

  it('keeps UTF-16 surrogate pairs split across chunks whole', async () => {
    // After the 2-byte BOM, the first chunk ends between the halves of the emoji.
    const source =
      'x'.repeat(BLOCK / 2 - 2) + '🎉\r\n' + `a🎉bc😀${'x'.repeat(1001)}\r\n`.repeat(600);
    const path = await file(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]),
    );
    const { text } = await decodeAll(path, 'utf-16le');
    expect(text).toBe(source);
  });

  it('gives UTF-8 as byte text: the bytes after the BOM, one character each', async () => {
    const bytes = Buffer.from('\ufeffEmail;Prénom\r\nü@bücher.de;🎉\r\n');
    const { raw, byteCounts } = await decodeAll(await file(bytes), 'utf-8-bom');
    expect(raw).toBe(bytes.subarray(3).toString('latin1'));
    expect(Buffer.from(raw, 'latin1').equals(bytes.subarray(3))).toBe(true);
    expect(byteCounts.at(-1)).toBe(bytes.length);
  });

  it.each<[string, Buffer]>([
    [
      'a byte that is not UTF-8 two blocks in',
      Buffer.from('a,b\n'.repeat(BLOCK / 2) + 'Ren\xe9\n', 'latin1'),
    ],
    [
      'a character cut short at the end',
      Buffer.concat([Buffer.from('a\n'.repeat(10)), Buffer.from([0xe2, 0x82])]),
    ],
  ])('with fatal, fails on %s with NotUtf8Error', async (_name, bytes) => {
    const err = await decodeAll(await file(bytes), 'utf-8', { fatal: true }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(NotUtf8Error);
  });

  it('with fatal, accepts characters split across blocks', async () => {
    const source = 'a'.repeat(BLOCK - 1) + '€\n' + 'ü,🎉\n'.repeat(1000);
    const { text } = await decodeAll(await file(source), 'utf-8', { fatal: true });
    expect(text).toBe(source);
  });

  it('fails the stream when the file cannot be read', async () => {
    const dir = await tempDir('lc-enc-');
    const stream = textStream(join(dir, 'missing.csv'), 'utf-8');
    await expect(stream.toArray()).rejects.toThrow(/ENOENT/);
  });
});

describe('byte text', () => {
  it('is how UTF-8 lists are parsed, and only they', () => {
    expect(parsesAsBytes('utf-8')).toBe(true);
    expect(parsesAsBytes('utf-8-bom')).toBe(true);
    expect(parsesAsBytes('utf-16le')).toBe(false);
    expect(parsesAsBytes('utf-16be')).toBe(false);
    expect(parsesAsBytes('windows-1252')).toBe(false);
  });

  it('goes to and from text without loss', () => {
    for (const text of ['', 'ascii@example.com', 'Jürgen', '中文', '🎉 fête', 'e\u0301']) {
      const bytes = toByteText(text);
      expect(Buffer.from(bytes, 'latin1').equals(Buffer.from(text))).toBe(true);
      expect(fromByteText(bytes)).toBe(text);
    }
    const ascii = 'a@b.co';
    expect(toByteText(ascii)).toBe(ascii);
  });
});

describe('bomLength and encodingNames', () => {
  it('knows each BOM and names each encoding for people', () => {
    expect(bomLength('utf-8')).toBe(0);
    expect(bomLength('utf-8-bom')).toBe(3);
    expect(bomLength('utf-16le')).toBe(2);
    expect(bomLength('utf-16be')).toBe(2);
    expect(bomLength('windows-1252')).toBe(0);
    expect(encodingNames).toEqual({
      'utf-8': 'UTF-8',
      'utf-8-bom': 'UTF-8 with BOM',
      'utf-16le': 'UTF-16 LE',
      'utf-16be': 'UTF-16 BE',
      'windows-1252': 'Windows-1252',
    });
  });
});
