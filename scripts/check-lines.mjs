// The one size rule ESLint cannot see: a stylesheet or page of the window over
// 400 lines styles two things (ESLint's max-lines holds the code to the same
// 400). Run by `npm run lint`; prints each file over and exits 1.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

const MAX_LINES = 400;
const ROOTS = ['electron', 'renderer'];
const CHECKED = /\.(css|html)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (CHECKED.test(entry.name)) yield path;
  }
}

const root = join(import.meta.dirname, '..');
let over = 0;
for (const top of ROOTS) {
  for await (const path of files(join(root, top))) {
    const text = await readFile(path, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_LINES) {
      over += 1;
      console.error(
        `${relative(root, path)}: ${lines} lines (at most ${MAX_LINES}); split it by what it styles`,
      );
    }
  }
}
process.exit(over > 0 ? 1 : 0);
