// Variables that steer List Cleaner for its developers and its tests: another
// resolver for the mail-domain look-ups (which decide what is not paid for),
// debug lines, a keychain entry of the tests' own. An installed app ignores
// them, so no program that can set a user's environment can steer it.

export const DEVELOPMENT_ONLY_ENV = [
  'LIST_CLEANER_DNS_SERVERS',
  'LIST_CLEANER_DEBUG',
  'LIST_CLEANER_KEYCHAIN_SERVICE',
] as const;

/** Removes them from `env` in an installed build; answers which were there. */
export function dropDevelopmentEnv(
  env: Record<string, string | undefined>,
  packaged: boolean,
): string[] {
  if (!packaged) return [];
  const dropped = DEVELOPMENT_ONLY_ENV.filter((name) => env[name] !== undefined);
  for (const name of dropped) Reflect.deleteProperty(env, name);
  return dropped;
}
