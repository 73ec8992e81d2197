// The update feed a build writes into resources/app-update.yml, which the
// installed app trusts to download and install new versions. A feed naming a
// placeholder or a guessed repository would install whatever its owner
// publishes, so no build is made with one: electron-builder runs this before
// packing (electron-builder.yml, beforePack), and `npm run check:package`
// asks the same question of the feed it finds in the packed app.
'use strict';

/** The repository List Cleaner's releases are published to. */
const RELEASE_FEED = { provider: 'github', owner: 'list-cleaner', repo: 'list-cleaner' };

/** Names that stand for "fill me in", never a real account or host. */
const PLACEHOLDER =
  /^(|owner|org|repo|user|<.*>|\$\{.*\}|your[-_ ]?\w*|example\w*|placeholder|todo|changeme|xxx+)$/i;

/**
 * Why a publish configuration may not go into a build, in one line; null
 * when it may. No feed at all is allowed: the app then never updates itself.
 */
function feedProblem(publish) {
  const feeds = publish == null ? [] : Array.isArray(publish) ? publish : [publish];
  for (const feed of feeds) {
    if (typeof feed === 'string')
      return `the publish entry "${feed}" names no repository or server`;
    if (feed.provider === 'github') {
      const owner = String(feed.owner ?? '').trim();
      const repo = String(feed.repo ?? '').trim();
      if (owner === '' || repo === '') {
        return 'the GitHub feed names no owner or repository, so electron-builder would guess one from package.json or git';
      }
      if (PLACEHOLDER.test(owner) || PLACEHOLDER.test(repo)) {
        return `the GitHub feed names ${owner}/${repo}, a placeholder`;
      }
    } else if (feed.provider === 'generic') {
      let url;
      try {
        url = new URL(String(feed.url ?? ''));
      } catch {
        return `the generic feed's url "${feed.url ?? ''}" is not a web address`;
      }
      if (url.protocol !== 'https:') return `the generic feed ${url.href} is not https://`;
      if (/(^|\.)example\.(com|org|net)$|^localhost$/i.test(url.hostname)) {
        return `the generic feed ${url.href} names a placeholder host`;
      }
    } else {
      return `the ${feed.provider} feed is not one List Cleaner's release checks know`;
    }
  }
  return null;
}

/** electron-builder's beforePack hook: no package is made with a placeholder feed. */
async function beforePack(context) {
  const problem = feedProblem(context.packager.config.publish);
  if (problem !== null) {
    throw new Error(
      `List Cleaner: this build's update feed is refused: ${problem}. Name the release repository in electron-builder.yml's publish block (or pass -c.publish=null for a build that never updates itself).`,
    );
  }
}

module.exports = beforePack;
module.exports.default = beforePack;
module.exports.feedProblem = feedProblem;
module.exports.RELEASE_FEED = RELEASE_FEED;
