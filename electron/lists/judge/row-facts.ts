// What each row of a cleaned list says: its status, the appended cells (with
// the free checks' words), and whether an export's filter keeps it. The rows
// are paired in order with their entries in the row index; the CSV and
// workbook writers (write.ts, write-xlsx.ts), the rows table and the results'
// filter all read a row through here, so each says the same of it.
import { DISPOSABLE, FREE, ROLE, TYPO } from '../../checks/findings';
import { APPENDED_COLUMNS, type RowFlag, type StatusGroup } from '../../common/model';
import { NO_MAIL } from './free-checks';
import { rowRisk } from './row-risk';
import type { Risk } from '../../risk/table';
import { decodeRow, type RowIndexReader } from '../read/row-index';
import {
  RowClass,
  type AppendedColumn,
  type ExportFilter,
  type JobOutcome,
  type RowStatus,
} from '../types';

/** The outcome of the unique address at this index (see ImportedList.addressesPath). */
export type OutcomeLookup = (addressIndex: number) => JobOutcome | undefined;

/** What a row's facts are read with, beside its outcome. */
export interface RowFactSources {
  /** The address probably meant, for the email_suggestion column (see lists/judge/free-checks.ts). */
  suggestionOf?: (addressIndex: number) => string | undefined;
  /** The free checks' flags of an address, for the email_flags column (see lists/judge/free-checks.ts). */
  flagsOf?: (addressIndex: number) => number;
  /** The suppression list's and the rules' words of an address (withheld.ts withheldFlags). */
  withheldOf?: (addressIndex: number) => string;
  /** When the job's own answers were given (ISO time), for email_checked_at; reused ones carry theirs. */
  checkedOn?: string | null;
  /** The moment a row's risk is judged at (epoch ms), for email_risk; none: no risk is judged. */
  riskAt?: number;
}

export const ALL_APPENDED_COLUMNS: readonly AppendedColumn[] = APPENDED_COLUMNS;

/** What a row's appended status says. A row with no outcome yet is 'unknown'. */
export function rowStatus(cls: RowClass, outcome: JobOutcome | undefined): RowStatus {
  switch (cls) {
    case RowClass.valid:
      return outcome?.status ?? 'unknown';
    case RowClass.duplicate:
      return 'duplicate';
    default:
      return 'invalid';
  }
}

/**
 * Which rows an export keeps: an export panel's filter, a group of "Save by
 * status…", or a test of each row's facts (the results' filter, jobs/results/row-filter.ts).
 */
export type RowKeep = ExportFilter | StatusGroup | ((row: RowFacts) => boolean);

export function keepsRow(filter: RowKeep, row: RowFacts): boolean {
  if (typeof filter === 'function') return filter(row);
  return keepsStatus(filter, row.status);
}

export function keepsStatus(filter: ExportFilter | StatusGroup, status: RowStatus): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'deliverable':
      return status === 'deliverable';
    case 'not-deliverable':
      return status !== 'deliverable';
    case 'undeliverable':
    case 'unknown':
      return status === filter;
    case 'removed':
      return status !== 'deliverable' && status !== 'undeliverable' && status !== 'unknown';
  }
}

/**
 * The appended columns' header names: a name the file already uses gets the
 * first free suffix (`email_status_2`, `_3`, …), so no original column is shadowed.
 */
export function appendedHeaderNames(
  existing: readonly string[],
  appended: readonly AppendedColumn[],
): string[] {
  const taken = new Set(existing.map((c) => c.trim().toLowerCase()));
  return appended.map((name) => {
    let candidate: string = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name}_${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The words of the email_flags column: what the free checks saw, whether the
 * answer was reused, and why the suppression list or a rule decided it. A
 * reused verdict of another vendor adds `reused_from:<vendor>` (common/catalogs/vendors.ts
 * names, lower case), so a filter on the word `reused` keeps working and the
 * vendor stays machine-readable.
 */
export function flagWords(flags: number, outcome: JobOutcome | undefined, withheld = ''): string {
  const words: string[] = [];
  for (const [bit, word] of FLAG_BITS) if (flags & bit) words.push(word);
  if (outcome?.origin === 'reused') {
    words.push('reused' satisfies RowFlag);
    if (outcome.source) words.push(`reused_from:${outcome.source}`);
  }
  if (withheld !== '') words.push(withheld);
  return words.join(' ');
}

/** Each free check's bit in a finding byte, and its word (email_flags, the results' filter). */
export const FLAG_BITS: ReadonlyArray<readonly [number, RowFlag]> = [
  [ROLE, 'role'],
  [FREE, 'free'],
  [DISPOSABLE, 'disposable'],
  [TYPO, 'typo'],
  [NO_MAIL, 'no_mail_server'],
];

export interface RowFacts {
  /** The row's unique address, or -1 for an invalid or empty row. */
  addressIndex: number;
  status: RowStatus;
  outcome: JobOutcome | undefined;
  suggestion: string | undefined;
  flags: number;
  /** The suppression list's and the rules' words (withheld.ts), '' for none. */
  withheld: string;
  checkedOn: string;
  /** The row's risk (risk/table.ts), when its sources asked for it. */
  risk?: Risk;
}

export const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

function checkedDay(outcome: JobOutcome | undefined, checkedOn: string): string {
  if (!outcome || outcome.origin === 'local') return '';
  if (outcome.origin === 'reused') {
    return outcome.checkedAt ? day(new Date(outcome.checkedAt * 1000).toISOString()) : '';
  }
  return checkedOn;
}

export function appendedCell(column: AppendedColumn, row: RowFacts): string {
  const { status, outcome, suggestion } = row;
  switch (column) {
    case 'email_status':
      return status;
    case 'email_provider':
      return outcome?.provider ?? '';
    case 'email_avatar':
      return outcome?.avatar == null ? '' : String(outcome.avatar);
    case 'email_avatar_url':
      return outcome?.avatarUrl ?? '';
    case 'email_suggestion':
      return suggestion ?? '';
    case 'email_flags':
      return flagWords(row.flags, outcome, row.withheld);
    case 'email_checked_at':
      return checkedDay(outcome, row.checkedOn);
    case 'email_risk':
      return row.risk?.level ?? '';
    case 'email_risk_reasons':
      return row.risk?.reasons.join(' ') ?? '';
  }
}

/** What the appended cells of a row say, from its entry in the row index. */
export function rowFacts(
  outcomeOf: OutcomeLookup,
  options: RowFactSources,
): (entry: number) => RowFacts {
  const checkedOn = day(options.checkedOn);
  return (entry) => {
    const { cls, addressIndex } = decodeRow(entry);
    const outcome = addressIndex >= 0 ? outcomeOf(addressIndex) : undefined;
    const facts: RowFacts = {
      addressIndex,
      status: rowStatus(cls, outcome),
      outcome,
      suggestion:
        addressIndex >= 0 && options.suggestionOf ? options.suggestionOf(addressIndex) : undefined,
      flags: addressIndex >= 0 && options.flagsOf ? options.flagsOf(addressIndex) : 0,
      withheld: addressIndex >= 0 && options.withheldOf ? options.withheldOf(addressIndex) : '',
      checkedOn,
    };
    if (options.riskAt !== undefined) facts.risk = rowRisk(facts, options.riskAt);
    return facts;
  };
}

/**
 * The list's data rows, read again, paired in order with their entries in
 * the row index. A list whose rows no longer match its index changed since
 * it was read: its export stops rather than put outcomes on the wrong rows.
 */
export function indexedRows(
  index: Pick<RowIndexReader, 'count' | 'next'>,
  outcomeOf: OutcomeLookup,
  options: RowFactSources,
) {
  const factsOf = rowFacts(outcomeOf, options);
  let at = 0;
  return {
    /** Data rows read so far. */
    get count() {
      return at;
    },
    next(): RowFacts {
      if (at >= index.count) {
        throw new Error('the list changed since it was read (it has more rows than before)');
      }
      at += 1;
      return factsOf(index.next());
    },
    /** Every row was read. */
    end(): void {
      if (at !== index.count) {
        throw new Error('the list changed since it was read (it has fewer rows than before)');
      }
    },
  };
}
