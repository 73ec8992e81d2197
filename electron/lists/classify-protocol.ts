// Messages between the import (main thread) and its classify worker.

export interface ClassifierSetup {
  addressesPath: string;
  rowIndexPath: string;
  maxUnique: number;
  /** Rows the file probably holds (from its size and the sample), to size the table once. */
  expectedRows: number;
}

export type ClassifierInput = { type: 'cells'; text: string } | { type: 'end' };

export type ClassifierMessage =
  | { type: 'ack' }
  | { type: 'done'; counts: { unique: number; invalid: number; empty: number; duplicates: number } }
  | { type: 'too-many' }
  | { type: 'error'; message: string };
