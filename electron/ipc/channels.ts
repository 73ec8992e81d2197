// The names of every channel and event, with no dependencies, so the preload
// bundle stays minimal (no zod) while sharing one list with main and the renderer.

export const channelNames = [
  'key:status',
  'key:set',
  'key:clear',
  'key:confirm',
  'demo:start',
  'balance:get',
  'settings:get',
  'settings:update',
  'memory:status',
  'memory:forget',
  'file:choose',
  'list:import',
  'list:paste',
  'list:sheet',
  'list:column',
  'list:review',
  'job:estimate',
  'job:start',
  'job:sample',
  'job:stop',
  'job:list',
  'job:resume',
  'job:continue',
  'job:remove',
  'job:again',
  'job:summary',
  'job:rows',
  'job:domains',
  'job:forecast',
  'job:export',
  'job:split',
  'file:show',
  'check:one',
  'results:pending',
  'update:status',
  'update:restart',
  'platform:connections',
  'platform:connect',
  'platform:remove',
  'platform:lists',
  'platform:import',
  'writeback:plan',
  'writeback:start',
  'writeback:report',
  'team:status',
  'team:connect',
  'team:test',
  'team:remove',
  'team:rootcert',
  'team:history',
  'team:spend',
  'bounces:match',
  'bounces:last',
  'bounces:save',
  'rules:list',
  'rules:add',
  'rules:remove',
  'suppression:summary',
  'suppression:import',
  'suppression:dropfile',
  'suppression:find',
  'suppression:unlist',
  'verdicts:import',
  'watch:list',
  'watch:runs',
  'watch:report',
  'watch:draft',
  'watch:add',
  'watch:folder',
  'watch:pause',
  'watch:resume',
  'watch:remove',
  'watch:run',
  'watch:scheduler',
  'watch:switch',
] as const;

export type ChannelName = (typeof channelNames)[number];

/**
 * Not part of window.api: the preload alone calls it, with the path
 * webUtils.getPathForFile gives for a file the user really dropped. Page
 * script cannot reach it (context isolation), and a File made by script has
 * no path, so it gets nothing.
 */
export const FILE_GRANT_CHANNEL = 'file:grant';

export const eventNames = [
  'balance:changed',
  'account:changed',
  'job:changed',
  'list:progress',
  'update:changed',
  'settings:open',
  'results:open',
  'platform:progress',
  'writeback:changed',
  'team:notice',
  'watch:changed',
  'watch:open',
] as const;

export type EventName = (typeof eventNames)[number];

/** 'key:set' → ['key', 'set']: the shape of window.api is derived from the names. */
export function splitName(name: string): [string, string] {
  const at = name.indexOf(':');
  return [name.slice(0, at), name.slice(at + 1)];
}

/** 'balance:changed' → 'onBalanceChanged', the listener method for an event. */
export function listenerName(event: EventName): string {
  const [domain, verb] = splitName(event);
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  return `on${cap(domain)}${cap(verb)}`;
}
