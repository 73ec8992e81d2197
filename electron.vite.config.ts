import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { contentSecurityPolicy } from './electron/shell/window/csp';

// The built renderer carries its CSP in a meta tag, so it holds however the
// page is served (app:// in the app, http in the e2e bridge).
function cspMeta(): Plugin {
  return {
    name: 'list-cleaner-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: contentSecurityPolicy({ dev: false }),
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: {
        input: {
          main: resolve('electron/main.ts'),
          // A worker thread of the list import; found next to main.js at run time.
          'classify-worker': resolve('electron/lists/judge/classify-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require() its dependencies: ship one CJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { preload: resolve('electron/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: {
    root: 'renderer',
    base: './',
    plugins: [react(), cspMeta()],
    build: {
      outDir: 'out/renderer',
      // electron-vite's preset turns minifying off for every process, the
      // window included; the window parses all of its code before it shows
      // anything, so it ships minified (JS by oxc, CSS by Lightning CSS).
      minify: 'oxc',
      // Source maps would ship inside app.asar; the window's code stays readable
      // enough to debug from a dev build (npm run dev).
      sourcemap: false,
      rollupOptions: { input: { index: resolve('renderer/index.html') } },
    },
  },
});
