// The handlers of the list platforms' channels: thin adapters from the
// contract to the app's platforms (connectors/app.ts). An imported list is
// answered as a dropped file's review is.
import type { AppPlatforms } from '../../connectors/app';
import type { ImportView } from '../contract';
import type { Handlers } from '../registry';

type PlatformChannels =
  | 'platform:connections'
  | 'platform:connect'
  | 'platform:remove'
  | 'platform:lists'
  | 'platform:import'
  | 'writeback:plan'
  | 'writeback:start'
  | 'writeback:report';

export function platformHandlers(
  platforms: AppPlatforms,
  reviewed: (imported: Awaited<ReturnType<AppPlatforms['importList']>>) => Promise<ImportView>,
): Pick<Handlers, PlatformChannels> {
  return {
    'platform:connections': () => platforms.connections(),
    'platform:connect': ({ platform, key }) => platforms.connect(platform, key),
    'platform:remove': ({ platform }) => platforms.remove(platform),
    'platform:lists': ({ platform }) => platforms.lists(platform),
    'platform:import': async ({ platform, listId, choice }) =>
      reviewed(await platforms.importList(platform, listId, choice)),
    'writeback:plan': ({ jobId }) => platforms.plan(jobId),
    'writeback:start': ({ jobId, retire }) => platforms.start(jobId, retire),
    'writeback:report': ({ jobId }) => platforms.report(jobId),
  };
}
