// `list-cleaner`: the core driven from a terminal. Progress goes to stderr,
// results to stdout (one JSON object with --json). Exit codes: 0 done, 1 a
// failure (one clear line), 2 a usage mistake, 3 the spending limit (see
// EXIT_LIMIT), 130 stopped with Ctrl-C (the job is kept and resumes with
// `list-cleaner resume`).
//
// This file parses the arguments and hands them to the command's own module
// (commands/), loaded only when that command runs: `--help` and a usage
// mistake never load the core.
import { parseArgs } from 'node:util';
import { message } from '../common/i18n/message';
import { setLogSink } from '../lib/log';
import { AppError, sayError } from '../lib/app-error';
import { options, sayUsage, UsageError, type Command } from './args/args';
import { argsMistake } from './args/args-mistakes';
import { helpText } from './help';
import { err, out, withoutStack } from './output/print';
import { t } from './output/say';
import { cliWords } from './output/words';

export { flushOutput } from './output/print';

/** Each command's module, loaded when it runs. */
const COMMANDS = new Map<string, () => Promise<{ run: Command }>>([
  ['balance', () => import('./commands/balance')],
  ['bounces', () => import('./commands/bounces')],
  ['check', () => import('./commands/check')],
  ['clean', () => import('./commands/clean/clean')],
  ['jobs', () => import('./commands/jobs')],
  ['lists', () => import('./commands/lists')],
  ['resume', () => import('./commands/resume')],
  ['rules', () => import('./commands/rules')],
  ['suppress', () => import('./commands/suppress')],
  ['team', () => import('./commands/team')],
  ['verdicts', () => import('./commands/verdicts')],
  ['watch', () => import('./commands/watch/watch')],
]);

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    err(`list-cleaner: ${t('cli.usageMistake', { mistake: argsMistake(e as Error) })}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, argument] = positionals;
  if (values.help || !command) {
    out(helpText());
    return values.help ? 0 : 2;
  }
  // Log lines would mix with progress: keep only warnings, on stderr.
  // A condition the app handles is one line: a stack is shown only with LIST_CLEANER_DEBUG.
  setLogSink((level, line) => {
    if (level === 'info') return;
    err(process.env.LIST_CLEANER_DEBUG ? line : withoutStack(line));
  });
  try {
    const load = COMMANDS.get(command);
    if (!load) throw new UsageError(message('cli.usage.unknownCommand', { command }));
    const { run } = await load();
    return await run(values, argument, positionals.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      err(`list-cleaner: ${t('cli.usageMistake', { mistake: sayUsage(e) })}`);
      return 2;
    }
    err(`list-cleaner: ${e instanceof Error ? sayError(e, cliWords().t) : String(e)}`);
    // The system's words behind the sentence ("connect ECONNREFUSED …"), for whoever debugs.
    if (process.env.LIST_CLEANER_DEBUG && e instanceof AppError && e.details !== undefined) {
      err(`list-cleaner: ${e.details}`);
    }
    return 1;
  }
}
