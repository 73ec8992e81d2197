// A crafted workbook ends in a clear refusal, not in main's memory run out
// (issue 46): too many zip entries, a shared strings part declared huge, a
// shared string past Excel's cell limit, more shared strings than the cap.
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importList } from '../../../../electron/lists/read/read';
import { readSharedStrings } from '../../../../electron/sheets/read/shared-strings';
import { openZipParts } from '../../../../electron/sheets/read/zip-parts';
import { WorkbookOverCap } from '../../../../electron/sheets/read/workbook-caps';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lc-workbook-caps-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const CONTENT_TYPES = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`;
const WORKBOOK = `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
const SHEET = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>`;
const strings = (items: string[]) =>
  `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${items.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`;

/** A workbook of one sheet over these shared strings, and `extra` empty parts. */
async function workbook(name: string, shared: string, extra = 0): Promise<string> {
  const path = join(dir, name);
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(WORKBOOK), 'xl/workbook.xml');
  zip.addBuffer(Buffer.from(RELS), 'xl/_rels/workbook.xml.rels');
  zip.addBuffer(Buffer.from(SHEET), 'xl/worksheets/sheet1.xml');
  zip.addBuffer(Buffer.from(shared), 'xl/sharedStrings.xml');
  for (let i = 0; i < extra; i++) zip.addBuffer(Buffer.alloc(0), `xl/media/x${i}.bin`);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  return path;
}

const imported = async (path: string) =>
  importList(path, { workDir: await mkdtemp(join(dir, 'job-')) }).catch((e: unknown) => e);

describe('a workbook past the caps', () => {
  it('is read when it is within them', async () => {
    const path = await workbook('fine.xlsx', strings(['email', 'a@example.com']));
    const list = await imported(path);
    expect(list).toMatchObject({ columns: ['email'], counts: { rows: 1, unique: 1 } });
  });

  it('with more than 10,000 parts is refused before any is read', async () => {
    const path = await workbook('parts.xlsx', strings(['email', 'a@example.com']), 10_000);
    const err = await imported(path);
    expect((err as Error).message).toMatch(/parts\.xlsx .* more than 10,000 parts/);
  });

  it('with a shared string past Excel’s cell limit is refused', async () => {
    const path = await workbook('cell.xlsx', strings(['email', 'x'.repeat(40_000)]));
    const err = await imported(path);
    expect((err as Error).message).toMatch(/a cell holds more than 32,767 characters/);
  });

  it('with an inline cell far past Excel’s cell limit is refused while it is read', async () => {
    const path = join(dir, 'inline.xlsx');
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
    zip.addBuffer(Buffer.from(WORKBOOK), 'xl/workbook.xml');
    zip.addBuffer(
      Buffer.from(RELS.replace(/<Relationship Id="rId2"[^>]*\/>/, '')),
      'xl/_rels/workbook.xml.rels',
    );
    const big = 'y'.repeat(300_000);
    zip.addBuffer(
      Buffer.from(
        SHEET.replace(
          '<c r="A2" t="s"><v>1</v></c>',
          `<c r="A2" t="inlineStr"><is><t>${big}</t></is></c>`,
        ),
      ),
      'xl/worksheets/sheet1.xml',
    );
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(path));
    const err = await imported(path);
    expect((err as Error).message).toMatch(/a cell holds more than 32,767 characters/);
  });

  it('with a shared strings part declared larger than 1 GB is refused before it is inflated', async () => {
    const path = await workbook('zip64.xlsx', strings(['email', 'a@example.com']));
    // The central directory's uncompressed size of sharedStrings.xml set to 2^32 - 2 bytes.
    const bytes = await readFile(path);
    const name = Buffer.from('xl/sharedStrings.xml');
    let at = bytes.lastIndexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02])]));
    for (; at >= 0; at = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at - 1)) {
      const nameLength = bytes.readUInt16LE(at + 28);
      if (bytes.subarray(at + 46, at + 46 + nameLength).equals(name)) break;
    }
    expect(at).toBeGreaterThan(0);
    bytes.writeUInt32LE(0xfffffffe, at + 24);
    await writeFile(path, bytes);
    const err = await imported(path);
    expect((err as Error).message).toMatch(
      /shared strings unpack to more than 1,073,741,824 bytes/,
    );
  });

  it('with more shared strings than the cap is refused while they are read, memory kept', async () => {
    const path = await workbook(
      'strings.xlsx',
      strings(Array.from({ length: 2_000 }, (_, i) => `s${i}`)),
    );
    const parts = await openZipParts(path);
    const before = process.memoryUsage().heapUsed;
    await expect(
      readSharedStrings(parts, 'xl/sharedStrings.xml', undefined, {
        strings: 1_000,
        stringBytes: 1 << 20,
      }),
    ).rejects.toEqual(new WorkbookOverCap('strings', 1_000));
    await expect(
      readSharedStrings(parts, 'xl/sharedStrings.xml', undefined, {
        strings: 1_000_000,
        stringBytes: 1_000,
      }),
    ).rejects.toEqual(new WorkbookOverCap('stringBytes', 1_000));
    parts.close();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 1024 ** 2);
  });
});
