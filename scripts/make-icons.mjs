// `npm run make:icons`: every OS's icon from assets/icon.svg, rendered at each
// size by rsvg-convert (Debian's librsvg2-bin) so small sizes are drawn, not
// shrunk. The results are committed; run this again only when the SVG changes.
//   assets/icons/<n>x<n>.png  Linux (electron-builder's linux.icon folder)
//   assets/icon.ico           Windows: 16–256
//   assets/icon.icns          macOS: 16–1024, with the @2x variants
// ICO and ICNS are plain containers of images, so they are written here rather
// than through a library that would bring its own resampler (and often sharp's
// native binaries) to do what rsvg-convert already does better from the vector.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const assets = join(root, 'assets');
const svg = join(assets, 'icon.svg');

const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
// OSType → pixel size; PNG payloads, which macOS reads since 10.7 for all of them.
const ICNS_ENTRIES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32], // 16@2x
  ['icp6', 64],
  ['ic12', 64], // 32@2x
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256], // 128@2x
  ['ic09', 512],
  ['ic14', 512], // 256@2x
  ['ic10', 1024], // 512@2x
];

function render(size) {
  try {
    return execFileSync('rsvg-convert', ['--width', String(size), '--height', String(size), svg], {
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    if (error && error.code === 'ENOENT') {
      console.error(
        'make-icons: rsvg-convert is not installed; install it (Debian/Ubuntu: apt-get install librsvg2-bin, macOS: brew install librsvg) and run again.',
      );
      process.exit(1);
    }
    throw error;
  }
}

// The RGBA pixels of an 8-bit RGBA, non-interlaced PNG: what rsvg-convert
// writes. Anything else is refused rather than decoded wrongly.
function decodePng(png) {
  const chunks = [];
  let header = null;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') chunks.push(data);
    at += 12 + length;
  }
  if (!header) throw new Error('PNG without IHDR');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [depth, colorType, , , interlace] = header.subarray(8, 13);
  if (depth !== 8 || colorType !== 6 || interlace !== 0) {
    throw new Error(`expected 8-bit RGBA non-interlaced PNG, got depth ${depth} type ${colorType}`);
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * 4;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const a = x >= 4 ? pixels[out + x - 4] : 0;
      const b = y > 0 ? pixels[out - stride + x] : 0;
      const c = x >= 4 && y > 0 ? pixels[out - stride + x - 4] : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) throw new Error(`unknown PNG filter ${filter}`);
      pixels[out + x] = (line[x] + predicted) & 0xff;
    }
  }
  return { width, height, pixels };
}

// A 32-bit DIB as ICO stores it: BITMAPINFOHEADER (height doubled for the
// mask), BGRA rows bottom-up, then the 1-bit AND mask (1 = transparent).
function icoBitmap(png) {
  const { width, height, pixels } = decodePng(png);
  const maskStride = Math.ceil(width / 32) * 4;
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(width, 4);
  info.writeInt32LE(height * 2, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  info.writeUInt32LE(width * height * 4 + maskStride * height, 20);
  const colour = Buffer.alloc(width * height * 4);
  const mask = Buffer.alloc(maskStride * height);
  for (let y = 0; y < height; y += 1) {
    const row = height - 1 - y;
    for (let x = 0; x < width; x += 1) {
      const from = (y * width + x) * 4;
      const to = (row * width + x) * 4;
      colour[to] = pixels[from + 2];
      colour[to + 1] = pixels[from + 1];
      colour[to + 2] = pixels[from];
      colour[to + 3] = pixels[from + 3];
      if (pixels[from + 3] === 0) mask[row * maskStride + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return Buffer.concat([info, colour, mask]);
}

// 256 is stored as PNG (Windows Vista and later); smaller sizes as bitmaps,
// which every reader of .ico (NSIS included) accepts.
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const bodies = images.map(({ size, png }) => (size >= 256 ? png : icoBitmap(png)));
  let offset = header.length;
  images.forEach(({ size }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(bodies[i].length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += bodies[i].length;
  });
  return Buffer.concat([header, ...bodies]);
}

function icns(entries) {
  const parts = entries.map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

const sizes = new Set([...LINUX_SIZES, ...ICO_SIZES, ...ICNS_ENTRIES.map(([, size]) => size)]);
const rendered = new Map([...sizes].map((size) => [size, render(size)]));
const png = (size) => rendered.get(size);

mkdirSync(join(assets, 'icons'), { recursive: true });
for (const size of LINUX_SIZES) {
  writeFileSync(join(assets, 'icons', `${size}x${size}.png`), png(size));
}
writeFileSync(join(assets, 'icon.ico'), ico(ICO_SIZES.map((size) => ({ size, png: png(size) }))));
writeFileSync(
  join(assets, 'icon.icns'),
  icns(ICNS_ENTRIES.map(([type, size]) => [type, png(size)])),
);

// Read back what was written, so a broken container fails here, not in a build.
const icoFile = readFileSync(join(assets, 'icon.ico'));
const icoCount = icoFile.readUInt16LE(4);
const icoSizes = Array.from({ length: icoCount }, (_, i) => icoFile[6 + 16 * i] || 256);
if (icoSizes.join() !== ICO_SIZES.join()) throw new Error(`icon.ico holds ${icoSizes.join()}`);
const icnsFile = readFileSync(join(assets, 'icon.icns'));
if (icnsFile.readUInt32BE(4) !== icnsFile.length) throw new Error('icon.icns length mismatch');

console.log(
  `make-icons: assets/icons/{${LINUX_SIZES.join(',')}}.png, icon.ico (${ICO_SIZES.join(', ')}), icon.icns (${ICNS_ENTRIES.map(([type, size]) => `${type} ${size}`).join(', ')})`,
);
