// The floors of the core (electron/): a folder may import from its own floor
// and the floors below it, never from one above. The lint holds it
// (eslint.config.js), ARCHITECTURE.md draws it. A folder not named here fails
// the lint until it is given a floor: where a new capability stands is decided
// when it is made, not found out later from a knot of imports.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FLOORS = [
  { name: 'ground: words, limits, views and tools every part shares', parts: ['common', 'lib'] },
  {
    name: 'parts that know nothing of a list or a job',
    parts: [
      'service',
      'sheets',
      'checks',
      'risk',
      'rules',
      'files',
      'secrets',
      'sandbox',
      'settings',
      'team',
    ],
  },
  {
    name: 'a list, the memory of answers, the shared pace, the account',
    parts: ['lists', 'memory', 'coordination', 'account'],
  },
  { name: 'what is kept across jobs', parts: ['suppression', 'verdicts', 'history'] },
  { name: 'the jobs', parts: ['jobs'] },
  { name: 'features built on jobs', parts: ['connectors', 'bounces'] },
  { name: 'watches: platform lists kept clean on a schedule', parts: ['watches'] },
  { name: 'the IPC contract and its handlers', parts: ['ipc'] },
  { name: 'the shells', parts: ['shell', 'cli', 'core.ts'] },
  { name: 'the entry points', parts: ['main.ts', 'preload.ts'] },
];

const electron = fileURLToPath(new URL('../electron/', import.meta.url));

/** Every folder and root file of electron/ with no floor: each one fails the lint. */
export function partsWithoutFloor() {
  const named = new Set(FLOORS.flatMap((floor) => floor.parts));
  return readdirSync(electron, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
    .map((entry) => entry.name)
    .filter((name) => !named.has(name));
}

/** The zones of import/no-restricted-paths: each floor's parts may not import the floors above. */
export function floorZones() {
  const missing = partsWithoutFloor();
  if (missing.length > 0) {
    throw new Error(
      `electron/${missing.join(', electron/')} stands on no floor: give it one in scripts/floors.mjs.`,
    );
  }
  return FLOORS.flatMap((floor, level) => {
    const above = FLOORS.slice(level + 1).flatMap((higher) => higher.parts);
    if (above.length === 0) return [];
    return floor.parts.map((part) => ({
      target: `./electron/${part}`,
      from: above.map((higher) => `./electron/${higher}`),
      message: `electron/${part} stands on floor ${level} (${floor.name}); it may not import from a floor above. Move the shared piece down, or call up through a parameter.`,
    }));
  });
}
