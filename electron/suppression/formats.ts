// The bounce, complaint and unsubscribe exports of the common sending
// platforms, told apart by their header row, and each row mapped to one
// suppression entry: the address, why it may not be sent to, when, and the
// platform's own words. Any other list with an address column is 'manual'.
// Headers are compared squashed (lower case, letters and digits only), so
// "Email Address", "EmailAddress" and "email_address" are one name, as
// platforms and spreadsheets respell them.
//
// What was read (the `search` tool, docs and pages corpora, 2026-11-26):
// - Mailchimp: an audience export has "Email Address", "First Name", ...,
//   MEMBER_RATING, OPTIN_TIME, OPTIN_IP, CONFIRM_TIME, CONFIRM_IP, ... (a
//   chapter on Audience exports, zloadr.com, and test/fixtures/lists/
//   mailchimp-export.csv); the export holds subscribed, unsubscribed and
//   cleaned members, and "cleaned" means a hard bounce or repeated soft bounces
//   (mailchimp.com/help/view-unsubscribed-contacts, kb.mailchimp.com "View
//   Unsubscribed and Cleaned Addresses", ginkgo.st notes on Mailchimp exports).
//   Not in Mailchimp's own pages but in public code that reads its exports
//   (`find_string` over public repositories): CLEAN_TIME, CLEAN_CAMPAIGN_TITLE
//   and CLEAN_CAMPAIGN_ID (a SQL load of an export), UNSUB_TIME, UNSUB_REASON
//   and UNSUB_CAMPAIGN_TITLE (a JavaScript importer).
// - SendGrid: bounces and blocks are {created (Unix time), email, reason,
//   status}; blocks are temporary refusals (docs.sendgrid.com Blocks API,
//   twilio.com glossary "Blocks"); the suppression kinds are bounces, blocks,
//   spam reports, invalid emails and global unsubscribes (Twilio's
//   twilio-sendgrid-suppressions skill, the Suppressions OpenAPI).
// - Mailgun: its bounce import CSV has address, code, error, created_at
//   (RFC 2822) and its complaint import address, created_at
//   (documentation.mailgun.com bounces and complaints references).
// - Postmark: a suppression is {EmailAddress, SuppressionReason, Origin,
//   CreatedAt}, reasons HardBounce, SpamComplaint, ManualSuppression (the
//   postmark npm package's Suppression.d.ts, postmark-php and postmark-dotnet
//   wikis "Managing Suppressions"); a bounce is {ID, Type, TypeCode, Name, Tag,
//   MessageID, ServerID, Description, Details, Email, From, BouncedAt,
//   DumpAvailable, Inactive, CanActivate, Subject, MessageStream} with the
//   types of the package's BounceType enum (Bounce.d.ts).
// - Amazon SES: an account-level suppressed destination is {EmailAddress,
//   Reason: BOUNCE | COMPLAINT, LastUpdateTime} (SES API v2 reference,
//   SuppressedDestinationSummary), BOUNCE meaning a hard bounce.
//
// What had to be assumed (none of it found in what was read):
// - Which Mailchimp file holds which of those columns (the cleaned one the
//   CLEAN_ ones, the unsubscribed one the UNSUB_ ones), and UNSUB_CAMPAIGN_ID
//   and UNSUB_REASON_OTHER besides; its times are "YYYY-MM-DD HH:MM:SS" in
//   UTC. A cleaned member counts as a hard bounce (Mailchimp has judged the
//   address undeliverable, after one hard or several soft bounces).
// - SendGrid's CSV downloads carry the API's field names as columns (email,
//   created, reason, status; spam reports email, created, ip; invalid emails
//   email, created, reason; unsubscribes email, created), with created as Unix
//   seconds or a date. Bounces and blocks share their columns, so a file whose
//   name says "block" is blocks; otherwise a status 4.x.x is a soft bounce and
//   anything else a hard one. An invalid email is 'other' (a malformed
//   address, not a bounce).
// - Mailgun's exports use its import columns; an unsubscribe export adds
//   tags (or tag). A file of only address and created_at is complaints unless
//   its name says "unsub".
// - Postmark's exports (and an SES list saved as CSV, e.g. from `aws sesv2
//   list-suppressed-destinations` output) use the API's field names as
//   columns, in any spelling the squashing above evens out.
import { z } from 'zod';
import { MIN_CONFIDENCE, detectHeader, rankColumns } from '../lists/read/column';
import { isValidAddress, normalizeCell } from '../lib/addresses/address';
import { FORMATS } from './platforms';
import type { Entry, FormatId, FormatSpec, SuppressionRow } from './types';

export { SUPPRESSION_REASONS } from './types';
export type { FormatId, SuppressionReason, SuppressionRow } from './types';

/** A file's format once recognised: how to read each of its rows. */
export interface RecognisedFormat {
  id: FormatId;
  /** Said to the user: "Mailchimp cleaned members". */
  label: string;
  /** Whether the first row is a header (and so no entry). */
  hasHeader: boolean;
  /** The entry of one row of cells (text, not byte text), or null for a row without a valid address. */
  map(cells: readonly string[]): SuppressionRow | null;
}

/** A header cell as compared: "Email Address" and "email_address" are "emailaddress". */
export const squash = (cell: string): string => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The longest detail kept: a bounce's SMTP text can run to kilobytes, the entry stays small. */
export const MAX_DETAIL = 200;
/** Cells longer than this are no platform's value: a row with one is refused by the schema. */
const MAX_CELL = 4_096;

const cellsSchema = (reads: readonly string[]) =>
  z.object(Object.fromEntries(reads.map((name) => [name, z.string().max(MAX_CELL)])));

/** The first date a suppression can have (SMTP bounces before it are no export's). */
const EARLIEST = Date.UTC(1990, 0, 1);
/** Times without a zone that platforms write: taken as UTC. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * A platform's date as ISO 8601 UTC: Unix seconds or milliseconds
 * (SendGrid, SES), ISO with or without a zone (Postmark, Mailchimp), RFC 2822
 * (Mailgun); null when empty or not a date of this era.
 */
export function parseDate(raw: string): string | null {
  const s = raw.trim();
  if (s === '') return null;
  let ms: number;
  if (/^\d{9,10}(?:\.\d+)?$/.test(s)) ms = Number(s) * 1000;
  else if (/^\d{12,13}$/.test(s)) ms = Number(s);
  else if (ZONELESS.test(s)) ms = Date.parse(`${s.replace(' ', 'T')}${s.length > 10 ? 'Z' : ''}`);
  // Date.parse alone takes almost anything ("0" is the year 2000): only a
  // text with a year in it is handed to it (RFC 2822, ISO with a zone).
  else ms = /\b(?:19|20|21)\d\d\b/.test(s) ? Date.parse(s) : NaN;
  if (!Number.isFinite(ms) || ms < EARLIEST || ms > Date.UTC(2100, 0, 1)) return null;
  return new Date(ms).toISOString();
}

const clip = (text: string): string => {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > MAX_DETAIL ? `${s.slice(0, MAX_DETAIL - 1)}…` : s;
};

function rowOf(entry: Entry): SuppressionRow | null {
  const address = normalizeCell(entry.address);
  if (address === '' || !isValidAddress(address)) return null;
  return {
    address,
    reason: entry.reason,
    date: parseDate(entry.date),
    detail: clip(entry.detail),
  };
}

function platformFormat(spec: FormatSpec, header: readonly string[]): RecognisedFormat {
  const squashed = header.map(squash);
  // The first column of each name, as a spreadsheet's look-up would take it.
  const at = spec.reads.map((name) => [name, squashed.indexOf(name)] as const);
  const schema = cellsSchema(spec.reads);
  return {
    id: spec.id,
    label: spec.label,
    hasHeader: true,
    map(cells) {
      const parsed = schema.safeParse(
        Object.fromEntries(at.map(([name, i]) => [name, i === -1 ? '' : (cells[i] ?? '')])),
      );
      return parsed.success ? rowOf(spec.entry(parsed.data)) : null;
    },
  };
}

const manualCell = z.string().max(MAX_CELL);

/** Any list with an address column: every address in it is suppressed by hand. */
function manualFormat(rows: readonly string[][]): RecognisedFormat | null {
  const table = rows as string[][];
  const hasHeader = detectHeader(table);
  const best = rankColumns(table, hasHeader)[0];
  if (!best || best.confidence < MIN_CONFIDENCE) return null;
  const column = best.index;
  return {
    id: 'manual',
    label: 'A list of addresses',
    hasHeader,
    map(cells) {
      const parsed = manualCell.safeParse(cells[column] ?? '');
      if (!parsed.success) return null;
      return rowOf({ address: parsed.data, reason: 'manual', date: '', detail: '' });
    },
  };
}

/**
 * The format of a file from its first rows (the header first) and its name;
 * null when it is none of the platforms' and has no column of addresses.
 */
export function recognise(sample: readonly string[][], fileName: string): RecognisedFormat | null {
  const header = sample[0];
  if (!header) return null;
  const names = new Set(header.map(squash).filter((n) => n !== ''));
  const file = fileName.toLowerCase();
  const spec = FORMATS.find((f) => f.matches(names, file));
  return spec ? platformFormat(spec, header) : manualFormat(sample);
}
