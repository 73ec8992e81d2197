// One suppression entry on disk. The key is where the memory of answers keeps
// the same address (lib/addresses/address-hash.ts): its bucket and its 64-bit tag,
// 12 bytes big-endian, so a list the import's worker has hashed is looked up
// without hashing again, and keys sort by bucket as the memory's do. The
// value is a few bytes of facts and the address itself, which the list, the
// removal by address and the command line's `suppress list` must show: the
// user's own export, kept where it came from, unlike the memory's paid
// answers. So an entry is some 40 bytes plus LMDB's own, and a million of
// them some 60 MB on disk, read through the map, never held in the heap.
import type { AddressSpot } from '../lib/addresses/address-hash';
import { SUPPRESSION_REASONS, type SuppressionReason } from './types';

export const KEY_BYTES = 12;
/** Reason (1), date (4), source (4), address length (2). */
const HEAD = 11;
/**
 * The platform's words kept, in UTF-8 bytes: enough for an SMTP status and the
 * start of its text ("550 5.1.1 The email account that you tried to reach
 * does not exist"); a bounce's whole text would make the entry ten times larger.
 */
export const DETAIL_BYTES = 64;

/** Writes the spot's key into `out` (12 bytes), returned. */
export function keyOfSpot(bucket: number, tag0: number, tag1: number, out: Buffer): Buffer {
  out.writeUInt32BE(bucket, 0);
  out.writeInt32BE(tag0, 4);
  out.writeInt32BE(tag1, 8);
  return out;
}

export const keyOf = (spot: AddressSpot): Buffer =>
  keyOfSpot(spot.bucket, spot.tag0, spot.tag1, Buffer.allocUnsafe(KEY_BYTES));

export interface StoredEntry {
  address: string;
  reason: SuppressionReason;
  /** Epoch seconds; 0 when the file gave no date. */
  date: number;
  /** The source file's number (store.ts keeps their names). */
  source: number;
  detail: string;
}

/** The first `max` bytes of `text` in UTF-8, cut at a character's start. */
function utf8Prefix(text: string, max: number): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end);
}

export function encodeEntry(entry: StoredEntry): Buffer {
  const address = Buffer.from(entry.address, 'utf8');
  const detail = utf8Prefix(entry.detail, DETAIL_BYTES);
  const out = Buffer.allocUnsafe(HEAD + address.length + detail.length);
  out[0] = SUPPRESSION_REASONS.indexOf(entry.reason);
  out.writeUInt32BE(entry.date, 1);
  out.writeUInt32BE(entry.source, 5);
  out.writeUInt16BE(address.length, 9);
  address.copy(out, HEAD);
  detail.copy(out, HEAD + address.length);
  return out;
}

/** The entry in `bytes`, or null for bytes no version of this file wrote (never trusted blindly). */
export function decodeEntry(bytes: Uint8Array): StoredEntry | null {
  if (bytes.length < HEAD) return null;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const reason = SUPPRESSION_REASONS[view[0] as number];
  const length = view.readUInt16BE(9);
  if (reason === undefined || HEAD + length > view.length) return null;
  return {
    reason,
    date: view.readUInt32BE(1),
    source: view.readUInt32BE(5),
    address: view.toString('utf8', HEAD, HEAD + length),
    detail: view.toString('utf8', HEAD + length),
  };
}

/** The source number of an entry's bytes, without decoding the rest (removal by file). */
export const sourceOf = (bytes: Uint8Array): number =>
  bytes.length < HEAD
    ? -1
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).readUInt32BE(5);

/**
 * The reason of an entry's bytes as a list's per-address code: its index in
 * SUPPRESSION_REASONS + 1, so 0 stays "not suppressed".
 */
export const reasonCodeOf = (bytes: Uint8Array): number => {
  const reason = bytes[0] as number;
  return reason < SUPPRESSION_REASONS.length
    ? reason + 1
    : SUPPRESSION_REASONS.indexOf('other') + 1;
};
