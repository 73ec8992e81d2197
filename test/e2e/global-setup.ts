import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildBridgePreload } from './bridge/build-preload';

export default async function globalSetup(): Promise<void> {
  if (!existsSync(resolve('out/renderer/index.html'))) {
    throw new Error(
      'The renderer is not built: run `npm run build` first (npm run test:e2e does).',
    );
  }
  await buildBridgePreload();
}
