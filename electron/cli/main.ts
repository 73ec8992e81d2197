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
import { setLogSink } from '../lib/log';
import { options, UsageError, type Command } from './args';
import { err, out, withoutStack } from './print';

export { flushOutput } from './print';

const HELP = `Usage: list-cleaner <command> [options]

Commands:
  balance                       Show the account balance.
  check <address> [--avatar]    Check one address.
  clean <file> [options]        Check a list and save the cleaned copy.
      --out <file>              Where to save it (default: <name>.cleaned.csv, or .xlsx for a
                                workbook, next to the input)
      --format csv|xlsx         Save as CSV or as an Excel workbook (default: as the input)
      --sheet <name|index>      The sheet of a workbook to read (default: the first visible
                                one with addresses; index from 1)
      --product email|avatar    What to check (default: email)
      --others skip|email       With --product avatar, the addresses at providers the
                                avatar check does not cover: skip them (not sent, status
                                not_covered; the default) or check them with Email
      --column <name|index>     The address column, when not the detected one (index from 1)
      --keep <values>           Which rows to save, comma-separated (default: all, each with
                                its status): outcomes deliverable, undeliverable, unknown,
                                invalid, duplicate, disposable, role, not_covered,
                                suppressed, blocked or not-deliverable;
                                provider:<code>; finding:role|free|disposable|typo|
                                no_mail_server|reused. Rows with any value of a kind pass it,
                                and must pass every kind named
      --domain <domains>        Only rows at these domains (comma-separated)
      --bom                     Start the file with a UTF-8 BOM (for Excel)
      --flags                   Add email_flags (role, free, disposable, typo, no_mail_server,
                                reused; a suppressed address's reason; blocked_by:<rule> or
                                allowed_by:<rule>) and email_checked_at (the day of the answer)
      --skip <kinds>|none       Don't pay for these (comma-separated): disposable,
                                no-mail-server, role (default: disposable,no-mail-server)
      --ignore <what>           Send what these would leave out (comma-separated):
                                suppression (the account's suppression list), rules (your
                                allow and block rules). Both apply by default
      --reuse-days <N>          Reuse answers paid for in the last N days, free; 0: never
                                (0 to 365; default: the app's setting, 30 days)
      --max-spend <USD>|none    The most this job may spend (default: the app's setting,
                                none); over it, nothing is sent and the exit code is 3
      --confirm-over-limit      Start even though the estimate is over --max-spend
      --patience <duration>     How long to wait out the service's refusals (maintenance,
                                no network, too busy, balance too low) before the job pauses:
                                90s, 30m, 6h, 2d (default: the app's setting, 6 hours)
      --json                    Print one JSON object with the counts on stdout
  clean <platform>:<list-id>    Check a list on Mailchimp, HubSpot, Klaviyo or Brevo and
                                write each member's verdict back to it (every option above
                                applies; --out also saves the cleaned rows as a file)
      --members subscribed|all  Which members to read (default: subscribed)
      --write-back tags|none    Write the verdicts back (default: tags), or leave the
                                platform as it is
      --archive-undeliverable   Then archive the undeliverable members (unsubscribe them
                                where the platform has no archive); asks first on a
                                terminal. Nothing is ever deleted
      --yes                     Answer yes to that question (for scripts)
  lists <platform>              The platform's lists with their ids and sizes
                                (mailchimp, hubspot, klaviyo or brevo)
  jobs                          List the jobs, newest first.
  bounces <job-id> <file>       Match a platform's bounce report (Mailchimp, SendGrid, Mailgun,
                                Postmark, SES, or any list with an address column) to a
                                finished job: which addresses we called deliverable bounced
                                hard, and when, in an evidence file with our verdicts' dates
                                (what a vendor asks for to refund them); the hard bounces,
                                complaints and unsubscribes join the suppression list
      --out <file>              Also save the evidence file here (CSV)
      --json                    Print one JSON object with the figures on stdout
  team status [--json]          The team store LIST_CLEANER_TEAM_URL names (its password in
                                the URL or in LIST_CLEANER_TEAM_PASSWORD), else the one saved
                                in the app: its host, database and user, and how many
                                answers it holds for this key
  team history [--json]         The team's newest finished jobs on this key: list, who and
                                on which computer, when, product, counts and charge
  team spend [--json]           What each person on the team spent per month, the last
                                twelve months
  rules add <rule>... --block|--allow
                                Add allow or block rules, each an address (jane@example.com),
                                a domain, exactly (example.com: not its sub-domains), a
                                suffix (.co.uk: every domain ending so) or a pattern where *
                                is any run of characters ("*@competitor.com", "test*@*";
                                quote it). Block: never sent, status blocked. Allow: never
                                left out by a free check (a domain wrongly listed as
                                disposable is sent). The more specific rule decides
                                (address, then pattern, domain, suffix); block wins a tie.
                                A rule already there takes the new action. A suppressed
                                address stays suppressed whatever the rules
  rules list [--json]           The rules: action, kind, rule, when added, id
  rules remove <rule|id>...     Remove rules, named as listed or by id
  suppress add <file>...        Add bounce, complaint or unsubscribe exports (Mailchimp,
                                SendGrid, Mailgun, Postmark, Amazon SES, or any list with an
                                address column) to the suppression list: addresses never sent
                                nor paid for. With a team store, the list is the team's
  suppress list [--json]        The list's files with their counts and dates, and the total;
                                --json adds the entries, --limit at a time (default 100,
                                at most 1000), the next page with --after <next>
      --source <file>           Only that file's entries (shown as addresses without --json)
  suppress remove <arg>...      An argument with @ is an address; otherwise a file the list
                                came from (by its name, as suppress list shows it) and all it
                                added; otherwise a file here whose addresses are each removed
  suppress find <address>       Whether an address is suppressed: why, since when, which file
  verdicts import <file>        Another vendor's result file into the memory of answers, so
                                a list holding its addresses reuses their verdicts within the
                                reuse window instead of paying again (marked reused, with the
                                vendor). Valid, deliverable and ok are kept as deliverable,
                                invalid and undeliverable as undeliverable; catch-all, risky,
                                disposable, spamtrap, abuse, do_not_mail, unknown and any word
                                List Cleaner does not know are not kept (checked when cleaned)
      --vendor <name>           zerobounce, neverbounce, kickbox, emailable, bouncer or
                                millionverifier (default: told by the file's columns)
      --date <YYYY-MM-DD>       The day the vendor checked the list (default: the file's
                                modification time); a date column in the file wins
      --json                    Print one JSON object with the counts on stdout
  resume [<id>]                 Carry on with every job that can go on: unfinished, waiting,
                                paused, or failed for a reason a retry can fix (or the one
                                named); names each job it leaves, with the reason
      --max-spend <USD>|none    With <id>: a new limit for a job stopped at its own
      --patience <duration>     As for clean

Options for every command:
  --demo                        Use a sandbox in this process instead of the real service
  -h, --help                    Show this help

Exit codes: 0 done, 1 failed (one line says why), 2 a usage mistake, 3 the spending
limit: the estimate is over it and nothing was sent, or the job stopped before going
over it (list-cleaner resume <id> --max-spend <USD> carries on), 130 stopped with Ctrl-C.

Configuration: LIST_CLEANER_API_KEY and LIST_CLEANER_BASE_URL, else the key and
service address saved in the List Cleaner app. A platform's key comes from
LIST_CLEANER_MAILCHIMP_KEY, LIST_CLEANER_HUBSPOT_TOKEN, LIST_CLEANER_KLAVIYO_KEY or
LIST_CLEANER_BREVO_KEY (its address from LIST_CLEANER_<PLATFORM>_URL), else from the
connections saved in the app (Settings → Connections).`;

/** Each command's module, loaded when it runs. */
const COMMANDS = new Map<string, () => Promise<{ run: Command }>>([
  ['balance', () => import('./commands/balance')],
  ['bounces', () => import('./commands/bounces')],
  ['check', () => import('./commands/check')],
  ['clean', () => import('./commands/clean')],
  ['jobs', () => import('./commands/jobs')],
  ['lists', () => import('./commands/lists')],
  ['resume', () => import('./commands/resume')],
  ['rules', () => import('./commands/rules')],
  ['suppress', () => import('./commands/suppress')],
  ['team', () => import('./commands/team')],
  ['verdicts', () => import('./commands/verdicts')],
]);

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    err(`list-cleaner: ${(e as Error).message}. See list-cleaner --help.`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, argument] = positionals;
  if (values.help || !command) {
    out(HELP);
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
    if (!load) throw new UsageError(`unknown command "${command}"`);
    const { run } = await load();
    return await run(values, argument, positionals.slice(2));
  } catch (e) {
    if (e instanceof UsageError) {
      err(`list-cleaner: ${e.message}. See list-cleaner --help.`);
      return 2;
    }
    const message = e instanceof Error ? e.message : String(e);
    err(`list-cleaner: ${message}`);
    return 1;
  }
}
