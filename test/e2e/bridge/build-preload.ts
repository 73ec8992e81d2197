// Bundles the bridge preload into one classic script for page.addInitScript.
import { build } from 'vite';
import { resolve } from 'node:path';

export const BRIDGE_PRELOAD = resolve('out/e2e-bridge/preload.js');

export async function buildBridgePreload(): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: resolve('out/e2e-bridge'),
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: resolve('test/e2e/bridge/preload.ts'),
        formats: ['iife'],
        name: 'ListCleanerBridge',
        fileName: () => 'preload.js',
      },
    },
  });
}
