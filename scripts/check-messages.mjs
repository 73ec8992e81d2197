// The catalogs' rules (locales/, issue 35), run by `npm run lint`: every
// language holds exactly the English catalog's ids (none missing, none
// extra), each message parses as ICU and has the English one's placeholders,
// plurals and selects (the same names, of the same kinds); every id is used
// somewhere in the code (a catalog never keeps a message no screen shows);
// every translator's note is of an id. Prints each problem and exits 1.
//
//   node scripts/check-messages.mjs [locales folder] [source folder…]
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { isStructurallySame } from '@formatjs/icu-messageformat-parser/manipulator.js';

const root = join(import.meta.dirname, '..');
const [localesArg, ...sourceArgs] = process.argv.slice(2);
const localesDir = localesArg ?? join(root, 'locales');
const sourceDirs =
  sourceArgs.length > 0 ? sourceArgs : [join(root, 'electron'), join(root, 'renderer')];
const SOURCE = /\.(ts|tsx|mjs)$/;
const SOURCE_LANGUAGE = 'en';
const NOTES = 'notes.json';

const problems = [];
const say = (file, text) => problems.push(`${relative(root, file) || file}: ${text}`);

async function readCatalog(path) {
  const catalog = JSON.parse(await readFile(path, 'utf8'));
  if (typeof catalog !== 'object' || catalog === null || Array.isArray(catalog)) {
    say(path, 'not an object of id → message');
    return {};
  }
  for (const [id, message] of Object.entries(catalog)) {
    if (typeof message !== 'string') say(path, `${id}: the message is not text`);
  }
  return catalog;
}

function parsed(path, id, message) {
  try {
    return parse(message);
  } catch (err) {
    say(path, `${id}: not an ICU message (${err instanceof Error ? err.message : String(err)})`);
    return null;
  }
}

async function* sourceFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

const names = (await readdir(localesDir)).filter((n) => n.endsWith('.json') && n !== NOTES);
const englishPath = join(localesDir, `${SOURCE_LANGUAGE}.json`);
const english = await readCatalog(englishPath);
const englishAst = new Map();
for (const [id, message] of Object.entries(english)) {
  const ast = parsed(englishPath, id, message);
  if (ast) englishAst.set(id, ast);
}

for (const name of names.filter((n) => n !== `${SOURCE_LANGUAGE}.json`)) {
  const path = join(localesDir, name);
  const catalog = await readCatalog(path);
  for (const id of Object.keys(english)) {
    if (!(id in catalog)) say(path, `${id}: missing (the English says "${english[id]}")`);
  }
  for (const [id, message] of Object.entries(catalog)) {
    if (!(id in english)) {
      say(path, `${id}: no such message in English (renamed or removed?)`);
      continue;
    }
    const ast = parsed(path, id, message);
    const source = englishAst.get(id);
    if (!ast || !source) continue;
    const same = isStructurallySame(source, ast);
    if (!same.success)
      say(path, `${id}: not the English one's placeholders: ${same.error?.message}`);
  }
}

const notesPath = join(localesDir, NOTES);
const notes = await readCatalog(notesPath).catch(() => ({}));
for (const id of Object.keys(notes)) {
  if (!(id in english)) say(notesPath, `${id}: a note for no message`);
}

// An id is used where the code names it as a string: 'id' or "id".
const unused = new Set(Object.keys(english));
for (const dir of sourceDirs) {
  for await (const path of sourceFiles(dir)) {
    const text = await readFile(path, 'utf8');
    for (const id of unused)
      if (text.includes(`'${id}'`) || text.includes(`"${id}"`)) unused.delete(id);
  }
}
for (const id of unused)
  say(englishPath, `${id}: used nowhere in ${sourceDirs.map((d) => basename(d)).join(', ')}`);

for (const problem of problems) console.error(problem);
if (problems.length > 0) console.error(`${problems.length} problem(s) in the catalogs`);
process.exit(problems.length > 0 ? 1 : 0);
