// Other verification services' result files, as each vendor writes them: the
// columns holding the address, the verdict, its detail (sub-status, reason)
// and a date where there is one, and the vendor's words put in ours. The
// memory keeps 'deliverable' and 'undeliverable' (memory/answers.ts); every
// other verdict is 'unknown' here: not kept, so the address is checked when a
// list holding it is cleaned, as if the vendor had never seen it.
//
// One rule for every vendor: a verdict is ours only when it speaks to whether
// the mailbox takes mail, which is what our answer says.
// - valid / deliverable / ok: the vendor's server was told the mailbox exists
//   → deliverable.
// - invalid / undeliverable: no such mailbox, or no mail domain → undeliverable.
// - catch-all / accept-all / risky: the domain accepts any address, so the
//   vendor could not tell whether this one exists → unknown (never
//   deliverable: it would be reused as a "yes" nobody gave).
// - disposable: a throw-away domain; our own free check (checks/findings.ts)
//   leaves those out for free, and what it does not know is asked → unknown.
// - spamtrap, abuse, do_not_mail (ZeroBounce): a judgment of the person or the
//   risk, not of the mailbox (a trap or a complainer's mailbox takes mail) →
//   unknown, so no vendor's warning is turned into a plain "deliverable";
//   the user who wants them left out keeps the vendor's file for that.
// - unknown / error: no verdict → unknown.
// - Any other word (a column of codes, a vendor's new word, a misspelling) is
//   not guessed at: it is counted by word (verdicts/import.ts) and kept as
//   unknown.
// Words are compared squashed (lower case, letters and digits only), so
// "catch-all", "catch_all" and "Catch All" are one word, as headers are
// (suppression/formats.ts `squash`).
//
// What was read (the `search` tool, docs, pages and code corpora, 2026-11-26):
// - ZeroBounce: statuses valid, invalid, catch-all, unknown, spamtrap, abuse,
//   do_not_mail, with a sub_status (zerobounce.net/docs "Downloading your
//   results" and its status codes page; the zerobouncesdk Python README). Its
//   bulk download appends "ZB Status", "ZB Sub Status", "ZB Account", "ZB
//   Domain", …, "ZB Did You Mean" to the uploaded columns ("Email Address"
//   first in the SDKs' getfile test files: zero-bounce-python, -php, -dotnet);
//   the API's single answer names the same as status, sub_status, address and
//   processed_at ("2023-07-20 17:10:08.083"; zerobounce.net/docs/api-migration).
// - NeverBounce: results valid, invalid, disposable, catchall, unknown (the
//   neverbounce npm package's VerificationObject, zerobounce.net's NeverBounce
//   migration page); a job's CSV download is "the submitted columns plus
//   email_status" (the NeverBounce POST /jobs/download tool's description).
//   It also has numeric result codes (getNumericResult) whose values were not
//   found in what was read: a number is an unmapped word.
// - Kickbox: result deliverable, undeliverable, risky, unknown, and reason
//   (invalid_email, invalid_domain, rejected_email, accepted_email,
//   low_quality, low_deliverability, …), with role, free, disposable,
//   accept_all, did_you_mean, sendex, email, user, domain (the kickbox npm and
//   Ruby READMEs, docs.kickbox.com sandbox mode, articles.kickbox.com
//   "Understanding your Kickbox results": accept-all, disposable and role
//   addresses are risky).
// - Bouncer: status deliverable, risky, undeliverable, unknown, with a reason
//   (accepted_email, low_deliverability, …); risky is accept-all, full
//   mailbox or disposable (Bouncer's API page on RapidAPI).
// - MillionVerifier: result ok, catch_all, unknown, disposable, invalid, and
//   error for a failed call, with quality, free, role, subresult, resultcode
//   (the MillionVerifier MCP servers' READMEs on Glama, their live probe's
//   answer; help.millionverifier.com on the verification process).
// - Emailable: a state deliverable, undeliverable, risky, unknown with a reason
//   was not found in its own pages (the search gave none); taken as its API
//   names them (state, reason, email, score, accept_all, …), the words it
//   shares with Kickbox.
//
// What had to be assumed: that each vendor's file names its columns as its
// API names the fields (NeverBounce's email_status and ZeroBounce's "ZB "
// prefix aside), in any spelling squashing evens out; that a file's date
// column, where there is one, is ZeroBounce's processed_at (the others write
// none that was found); that a file of one status (ZeroBounce's _valid.csv and
// the like) has the same columns as the whole one.
import { message, type Message } from '../common/i18n/message';
import type { VerdictVendor } from '../common/catalogs/vendors';

/** Our words for a vendor's verdict: what the memory keeps, and unknown. */
export type VerdictStatus = 'deliverable' | 'undeliverable' | 'unknown';

export interface VendorFile {
  vendor: VerdictVendor;
  /** Each column as header names squashed, the first of a list a file has taken. */
  address: readonly string[];
  status: readonly string[];
  /** The verdict's detail (sub-status, reason): read into the report's words only. */
  detail: readonly string[];
  /** A column of when the verdict was given, where the vendor writes one. */
  date: readonly string[];
  /** The vendor's words (squashed) and ours; a word not here is unmapped. */
  words: Readonly<Record<string, VerdictStatus>>;
  /**
   * The columns that tell this vendor's file from the others' (squashed
   * header names): used to recognise a file and to refuse one named wrongly.
   */
  signature(names: ReadonlySet<string>): boolean;
  /** Said to the user when the columns do not fit: the columns expected. */
  expected: Message;
}

const ADDRESS = ['email', 'emailaddress', 'address'];

/** "email" and two columns more, as the file must name them (the names never translated). */
const threeColumns = (second: string, third: string): Message =>
  message('error.verdicts.expected.three', { first: '"email"', second, third });

/** deliverable, undeliverable, risky, unknown: Kickbox's, Emailable's and Bouncer's words. */
const FOUR_WORDS: Readonly<Record<string, VerdictStatus>> = {
  deliverable: 'deliverable',
  undeliverable: 'undeliverable',
  risky: 'unknown',
  unknown: 'unknown',
};

export const VENDOR_FILES: Readonly<Record<VerdictVendor, VendorFile>> = {
  zerobounce: {
    vendor: 'zerobounce',
    address: ADDRESS,
    status: ['zbstatus', 'status'],
    detail: ['zbsubstatus', 'substatus'],
    date: ['zbprocessedat', 'processedat'],
    words: {
      valid: 'deliverable',
      invalid: 'undeliverable',
      catchall: 'unknown',
      unknown: 'unknown',
      spamtrap: 'unknown',
      abuse: 'unknown',
      donotmail: 'unknown',
    },
    signature: (n) => n.has('zbstatus') || (n.has('status') && n.has('substatus')),
    expected: message('error.verdicts.expected.withSub', {
      address: '"Email Address"',
      status: '"ZB Status"',
      sub: '"ZB Sub Status"',
    }),
  },
  neverbounce: {
    vendor: 'neverbounce',
    address: ADDRESS,
    status: ['emailstatus', 'result'],
    detail: [],
    date: [],
    words: {
      valid: 'deliverable',
      invalid: 'undeliverable',
      disposable: 'unknown',
      catchall: 'unknown',
      unknown: 'unknown',
    },
    signature: (n) =>
      n.has('emailstatus') || (n.has('result') && !n.has('reason') && !n.has('quality')),
    expected: message('error.verdicts.expected.anyAddress', {
      address: 'email',
      status: '"email_status"',
      or: '"result"',
    }),
  },
  kickbox: {
    vendor: 'kickbox',
    address: ADDRESS,
    status: ['result'],
    detail: ['reason'],
    date: [],
    words: FOUR_WORDS,
    signature: (n) => n.has('result') && n.has('reason'),
    expected: threeColumns('"result"', '"reason"'),
  },
  emailable: {
    vendor: 'emailable',
    address: ADDRESS,
    status: ['state'],
    detail: ['reason'],
    date: [],
    words: FOUR_WORDS,
    signature: (n) => n.has('state') && n.has('reason'),
    expected: threeColumns('"state"', '"reason"'),
  },
  bouncer: {
    vendor: 'bouncer',
    address: ADDRESS,
    status: ['status'],
    detail: ['reason'],
    date: [],
    words: FOUR_WORDS,
    signature: (n) => n.has('status') && n.has('reason') && !n.has('substatus'),
    expected: threeColumns('"status"', '"reason"'),
  },
  millionverifier: {
    vendor: 'millionverifier',
    address: ADDRESS,
    status: ['result'],
    detail: ['subresult'],
    date: [],
    words: {
      ok: 'deliverable',
      invalid: 'undeliverable',
      catchall: 'unknown',
      unknown: 'unknown',
      disposable: 'unknown',
      error: 'unknown',
    },
    signature: (n) => (n.has('quality') && n.has('result')) || n.has('resultcode'),
    expected: threeColumns('"quality"', '"result"'),
  },
};

/** The order files are recognised in: the most particular columns first. */
const RECOGNITION: readonly VerdictVendor[] = [
  'zerobounce',
  'millionverifier',
  'kickbox',
  'emailable',
  'bouncer',
  'neverbounce',
];

/** A word or header as compared: "Catch-All" and "catch_all" are "catchall". */
export const squashWord = (cell: string): string => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Our word for a vendor's, or null when it is none we map (kept as unknown, counted by word). */
export function verdictOf(file: VendorFile, word: string): VerdictStatus | null {
  const key = squashWord(word);
  return Object.hasOwn(file.words, key) ? (file.words[key] as VerdictStatus) : null;
}

/** The vendor whose columns a header's squashed names show, or null for none. */
export function recogniseVendor(names: ReadonlySet<string>): VerdictVendor | null {
  return RECOGNITION.find((v) => VENDOR_FILES[v].signature(names) && fits(v, names)) ?? null;
}

/** Whether a header has the vendor's address and status columns. */
export function fits(vendor: VerdictVendor, names: ReadonlySet<string>): boolean {
  const file = VENDOR_FILES[vendor];
  return file.address.some((n) => names.has(n)) && file.status.some((n) => names.has(n));
}

/** Where a column of the vendor's is in the squashed header, or -1. */
export function columnOf(squashed: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const at = squashed.indexOf(name);
    if (at !== -1) return at;
  }
  return -1;
}
