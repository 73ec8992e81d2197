// Messages between the import (main thread) and its classify worker.
import type { Spots } from '../memory/address-hash';

export interface ClassifierSetup {
  addressesPath: string;
  rowIndexPath: string;
  maxUnique: number;
  /** Rows the file probably holds (from its size and the sample), to size the table once. */
  expectedRows: number;
  /**
   * Also hash each unique address as it is written (the outcome memory's
   * spots, memory/address-hash.ts), so the memory is asked about the list
   * without reading the address file again: the worker has time to spare
   * while the main thread parses.
   */
  spots: boolean;
}

/**
 * A batch of address cells: UTF-8 with an LF after each cell (a line break
 * inside a cell became a space first, which judges the same: whitespace
 * inside an address makes it invalid either way). Transferred, not copied.
 */
export type ClassifierInput =
  { type: 'cells'; bytes: Uint8Array<ArrayBuffer>; cells: number } | { type: 'end' };

export type ClassifierMessage =
  | { type: 'ack' }
  | {
      type: 'done';
      counts: { unique: number; invalid: number; empty: number; duplicates: number };
      /** Of the address file's lines, in order, when the setup asked (their buffers transferred). */
      spots: Spots | null;
    }
  | { type: 'too-many' }
  | { type: 'error'; message: string };
