// The list platforms from the command line: `<platform>:<list-id>` as clean's
// argument, the connectors opened on the app's saved connections or the
// environment's keys, and a question asked on the terminal before members
// are unsubscribed or archived (--yes answers it for scripts).
import { createInterface } from 'node:readline/promises';
import { isPlatform, type PlatformId } from '../common/catalogs/platforms';
import { openConnectors, type Connectors } from '../connectors/connectors';
import { keychainKeys } from '../connectors/keys';
import type { Jobs } from '../jobs/jobs';
import { UsageError } from './args/args';
import { message, say } from '../common/i18n/message';
import { err } from './output/print';
import { t } from './output/say';
import { cliWords } from './output/words';

/** "mailchimp:abc123" → the platform and the list's id; null for anything else (a file). */
export function platformListOf(argument: string): { platform: PlatformId; listId: string } | null {
  const m = /^([a-z]+):(.+)$/.exec(argument);
  if (!m?.[1] || !m[2] || !isPlatform(m[1])) return null;
  return { platform: m[1], listId: m[2] };
}

export function parsePlatform(value: string | undefined, command: string): PlatformId {
  if (value !== undefined && isPlatform(value)) return value;
  throw new UsageError(message('cli.usage.needsPlatform', { command }));
}

export function connectorsFor(dataDir: string, jobs?: Jobs): Connectors {
  return openConnectors({
    dataDir,
    ...(jobs ? { jobs } : {}),
    keys: keychainKeys(),
    env: process.env,
    words: () => cliWords().t,
    onWait: (w) =>
      err(t('cli.platform.wait', { reason: say(cliWords().t, w.said), at: timeOfDay(w.until) })),
  });
}

/** A time of day: this machine's way in English (as it always was), the reader's language's otherwise. */
const timeOfDay = (at: number | string | Date): string =>
  new Date(at).toLocaleTimeString(cliWords().language === 'en' ? undefined : cliWords().language);

/** What counts as yes: y or yes in any language, and the reader's own words for it. */
function isYes(answer: string): boolean {
  const words = t('cli.ask.yesWords')
    .split(',')
    .map((w) => w.trim().toLocaleLowerCase())
    .filter(Boolean);
  const said = answer.trim().toLocaleLowerCase();
  return /^y(es)?$/.test(said) || words.includes(said);
}

/** Yes only when the person at the terminal types it; no terminal, no yes. */
export async function askYes(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} ${t('cli.ask.yesNo')} `);
    return isYes(answer);
  } finally {
    rl.close();
  }
}
