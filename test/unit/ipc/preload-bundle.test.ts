// The preload runs in every window before the page: it stays small, and free
// of zod and of main's code. Bundled as the build bundles it (electron
// external), it holds only the contract's dependency-free half.
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the preload bundle', () => {
  it('holds the channel names, window.api and the envelope, and nothing else', async () => {
    const { metafile } = await build({
      entryPoints: ['electron/preload.ts'],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'cjs',
      external: ['electron'],
      logLevel: 'silent',
    });
    expect(Object.keys(metafile.inputs).sort()).toEqual([
      'electron/common/result.ts',
      'electron/ipc/api.ts',
      'electron/ipc/channels.ts',
      'electron/preload.ts',
    ]);
  });
});
