// The list platforms from the command line: `<platform>:<list-id>` as clean's
// argument, the connectors opened on the app's saved connections or the
// environment's keys, and a question asked on the terminal before members
// are unsubscribed or archived (--yes answers it for scripts).
import { createInterface } from 'node:readline/promises';
import { isPlatform, type PlatformId } from '../common/platforms';
import { openConnectors, type Connectors } from '../connectors/connectors';
import { keychainKeys } from '../connectors/keys';
import type { Jobs } from '../jobs/jobs';
import { UsageError } from './args';
import { cliWords } from './words';
import { err } from './print';

/** "mailchimp:abc123" → the platform and the list's id; null for anything else (a file). */
export function platformListOf(argument: string): { platform: PlatformId; listId: string } | null {
  const m = /^([a-z]+):(.+)$/.exec(argument);
  if (!m?.[1] || !m[2] || !isPlatform(m[1])) return null;
  return { platform: m[1], listId: m[2] };
}

export function parsePlatform(value: string | undefined, command: string): PlatformId {
  if (value !== undefined && isPlatform(value)) return value;
  throw new UsageError(
    `${command} needs a platform: list-cleaner ${command} mailchimp (or hubspot, klaviyo, brevo)`,
  );
}

export function connectorsFor(dataDir: string, jobs?: Jobs): Connectors {
  return openConnectors({
    dataDir,
    ...(jobs ? { jobs } : {}),
    keys: keychainKeys(),
    env: process.env,
    words: () => cliWords().t,
    onWait: (w) => err(`${w.reason}; trying again at ${new Date(w.until).toLocaleTimeString()}.`),
  });
}

/** Yes only when the person at the terminal types it; no terminal, no yes. */
export async function askYes(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
