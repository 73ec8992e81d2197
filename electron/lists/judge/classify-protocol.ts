// Messages between the import (main thread) and its classify worker.
import type { Spots } from '../../lib/addresses/address-hash';
import type { JudgedFindings } from './findings-judge';
import type { Rule } from '../../rules/types';

export interface ClassifierSetup {
  /** Written under a temporary name, renamed into place once the list is read. */
  addressesPath: string;
  rowIndexPath: string;
  /** Addresses numbered in memory; the rest are numbered on disk (repeats/spill.ts). */
  inMemory: number;
  /** Where the repeats past those are found: emptied first, removed at the end. */
  spillDir: string;
  /** Rows the file probably holds (from its size and the sample), to size the table once. */
  expectedRows: number;
  /**
   * Also hash each unique address as it is written (the outcome memory's
   * spots, lib/addresses/address-hash.ts), so the memory is asked about the list
   * without reading the address file again: the worker has time to spare
   * while the main thread parses.
   */
  spots: boolean;
  /**
   * Also run the free checks on each unique address as it is written
   * (findings-judge.ts), handing the new domains over as they are met, so
   * the DNS looks them up while the list is still being read.
   */
  findings: boolean;
  /**
   * Also decide each unique address by the user's rules (withheld-judge.ts),
   * once the list is read, from the address file; null: none.
   */
  rules: Rule[] | null;
}

/**
 * A batch of address cells: UTF-8 with an LF after each cell (a line break
 * inside a cell became a space first, which judges the same: whitespace
 * inside an address makes it invalid either way). Transferred, not copied.
 */
export type ClassifierInput =
  { type: 'cells'; bytes: Uint8Array<ArrayBuffer>; cells: number } | { type: 'end' };

export type ClassifierMessage =
  | {
      type: 'ack';
      /** Domains met since the last message, when the setup asked for findings. */
      domains?: string[];
      /** The batch's buffer, judged and handed back (transferred) to carry the next one. */
      bytes?: Uint8Array<ArrayBuffer>;
    }
  | {
      type: 'done';
      counts: { unique: number; invalid: number; empty: number; duplicates: number };
      /**
       * Of the address file's lines, in order, when the setup asked (their
       * buffers transferred); null past `inMemory` addresses, which would
       * make them grow with the list: the memory then reads the address file.
       */
      spots: Spots | null;
      /** The free checks of the address file's lines, when the setup asked. */
      findings: JudgedFindings | null;
    }
  | {
      /** After done, when the setup asked: each unique address's rule, as a withheld code (lists/judge/withheld.ts). */
      type: 'withheld';
      codes: Uint32Array;
    }
  | {
      /** Domains met while numbering the spilled addresses, after the reading. */
      type: 'domains';
      domains: string[];
    }
  | { type: 'error'; message: string };
