#!/usr/bin/env node
// `node scripts/profile-top.mjs <folder> [--top N]`: sums up the CPU profiles a
// benchmark run wrote with BENCH_CPU_PROF=<folder> (test/bench/children.ts),
// one block a step and thread: its sampled time, then the functions that took
// the most of it by self time, with their file and line. For finding where a
// figure went; the figures themselves come from `npm run bench`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith('--'));
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
if (!folder) {
  console.error('usage: node scripts/profile-top.mjs <folder> [--top N]');
  process.exit(2);
}

function profilesIn(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return profilesIn(path);
    return name.endsWith('.cpuprofile') ? [path] : [];
  });
}

function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const hits = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    hits.set(id, (hits.get(id) ?? 0) + (deltas[i] ?? 0));
  }
  const byFunction = new Map();
  let total = 0;
  for (const [id, us] of hits) {
    const node = byId.get(id);
    const frame = node.callFrame;
    const file = frame.url ? frame.url.replace(/^file:\/\//, '') : '';
    const key = `${frame.functionName || '(anonymous)'}  ${file ? relative(process.cwd(), file) : ''}:${frame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    total += us;
  }
  return { total, rows: [...byFunction].sort((a, b) => b[1] - a[1]) };
}

for (const path of profilesIn(folder).sort()) {
  const { total, rows } = selfTimes(JSON.parse(readFileSync(path, 'utf8')));
  console.log(`\n== ${relative(folder, path)}: ${(total / 1000).toFixed(0)} ms sampled`);
  for (const [key, us] of rows.slice(0, top)) {
    console.log(
      `${(us / 1000).toFixed(1).padStart(9)} ms ${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`,
    );
  }
}
