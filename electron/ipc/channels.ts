// The names of every channel and event, with no dependencies, so the preload
// bundle stays minimal (no zod) while sharing one list with main and the renderer.

export const channelNames = [
  'key:status',
  'key:set',
  'key:clear',
  'demo:start',
  'balance:get',
  'settings:get',
  'settings:update',
  'list:import',
  'list:column',
  'job:estimate',
  'job:start',
  'job:list',
  'job:resume',
  'job:continue',
  'job:remove',
  'job:summary',
  'job:rows',
  'job:export',
  'file:show',
  'check:one',
] as const;

export type ChannelName = (typeof channelNames)[number];

export const eventNames = [
  'balance:changed',
  'account:changed',
  'job:changed',
  'list:progress',
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
