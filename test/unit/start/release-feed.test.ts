// The update feed a build may carry: List Cleaner's own release repository,
// never a placeholder (the audit found `owner: OWNER`) or one electron-builder
// would guess; and electron-builder.yml names exactly that repository.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { repoRoot } from './support';

interface ReleaseFeed {
  feedProblem(publish: unknown): string | null;
  RELEASE_FEED: { provider: string; owner: string; repo: string };
  (context: { packager: { config: { publish: unknown } } }): Promise<void>;
}
const feed = createRequire(import.meta.url)('../../../scripts/release-feed.cjs') as ReleaseFeed;

describe('the update feed of a build', () => {
  it.each([
    [{ provider: 'github', owner: 'OWNER', repo: 'list-cleaner' }],
    [{ provider: 'github', owner: '<org>', repo: '<repo>' }],
    [{ provider: 'github', owner: 'your-org', repo: 'list-cleaner' }],
    [{ provider: 'github', repo: 'list-cleaner' }],
    [{ provider: 'github' }],
    [{ provider: 'generic', url: 'http://updates.list-cleaner.app/' }],
    [{ provider: 'generic', url: 'https://updates.example.com/list-cleaner' }],
    [[{ provider: 'github', owner: 'list-cleaner', repo: 'list-cleaner' }, { provider: 'github' }]],
    ['github'],
  ])('refuses %j', async (publish) => {
    expect(feed.feedProblem(publish)).toMatch(/\w/);
    await expect(feed({ packager: { config: { publish } } })).rejects.toThrow(
      /update feed is refused/,
    );
  });

  it('takes the release repository, an https server of our own, or no feed at all', async () => {
    for (const publish of [
      feed.RELEASE_FEED,
      { provider: 'generic', url: 'https://updates.list-cleaner.app/list-cleaner/${os}' },
      null,
      undefined,
    ]) {
      expect(feed.feedProblem(publish)).toBeNull();
      await expect(feed({ packager: { config: { publish } } })).resolves.toBeUndefined();
    }
  });

  it('is the release repository in electron-builder.yml, checked before packing', async () => {
    const config = parseYaml(await readFile(join(repoRoot, 'electron-builder.yml'), 'utf8')) as {
      publish: Record<string, unknown>;
      beforePack: string;
      win: { signtoolOptions: { publisherName: string } };
    };
    expect(config.publish).toMatchObject(feed.RELEASE_FEED);
    expect(config.beforePack).toBe('scripts/release-feed.cjs');
    // Windows' updater installs only an installer signed by this publisher.
    expect(config.win.signtoolOptions.publisherName).toBe('List Cleaner');
  });
});
