// `npm start`: builds and runs the app where Electron's binary is installed;
// where it is not (installs with ELECTRON_SKIP_BINARY_DOWNLOAD), says so in
// one line instead of Electron's stack trace.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';

const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const dir = dirname(require.resolve('electron/package.json'));
    const pathFile = join(dir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const binary = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

if (!electronBinary()) {
  console.error(
    'List Cleaner: the Electron binary is not installed; run `node node_modules/electron/install.js` (or `npm install` without ELECTRON_SKIP_BINARY_DOWNLOAD) with internet access, then `npm start` again.',
  );
  process.exit(1);
}

const child = spawn('npx', ['electron-vite', 'preview', ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
child.on('exit', (code) => process.exit(code ?? 1));
