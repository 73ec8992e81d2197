// One remembered outcome as the memory stores it: a few bytes, not an object,
// so millions fit in tens of megabytes and are written without a serializer.
// Everything read back is checked byte by byte: a record that does not decode
// exactly is no outcome (a miss, asked again), never a guess.
import type { AddressOutcome } from '../lists/types';
import { int32At } from './bytes';

// Layout, little-endian:
//   byte 0     bits 0-1 status (1 deliverable, 2 undeliverable, 3 unknown)
//              bits 2-3 avatar (0 not given, 1 false, 2 true)
//              bit 4    a provider follows (a string, maybe empty; else null)
//              bit 5    an avatar URL ends the record (a string, maybe empty; else null)
//              bits 6-7 0: the format; anything else is not ours
//   bytes 1-4  checkedAt, epoch seconds (uint32: good until 2106)
//   then       provider: 1 byte of length, its UTF-8 bytes (when bit 4)
//   then       avatar URL: UTF-8 to the end (when bit 5)
const STATUSES = ['deliverable', 'undeliverable', 'unknown'] as const;
type Status = (typeof STATUSES)[number];
const STATUS_CODE: Record<Status, number> = { deliverable: 1, undeliverable: 2, unknown: 3 };
const HAS_PROVIDER = 0x10;
const HAS_AVATAR_URL = 0x20;
const FORMAT_BITS = 0xc0;
const HEAD = 5;

/** A provider longer than this (in UTF-8 bytes) is not remembered: service codes are short. */
export const MAX_PROVIDER_BYTES = 255;
/** Nor an avatar URL longer than this: no real one is, and a record stays small. */
export const MAX_AVATAR_URL_BYTES = 4096;
/** checkedAt is a uint32 of seconds. */
export const MAX_CHECKED_AT = 0xffff_ffff;

export interface RecalledOutcome {
  outcome: AddressOutcome;
  /** When the service gave it, epoch seconds. */
  checkedAt: number;
}

function flagsOf(outcome: AddressOutcome): number {
  const avatar = outcome.avatar == null ? 0 : outcome.avatar ? 2 : 1;
  return (
    STATUS_CODE[outcome.status] |
    (avatar << 2) |
    (typeof outcome.provider === 'string' ? HAS_PROVIDER : 0) |
    (typeof outcome.avatarUrl === 'string' ? HAS_AVATAR_URL : 0)
  );
}

/**
 * The bytes of one outcome, or null when it cannot be stored as it is (a
 * status the service does not give, a provider or URL too long).
 */
export function encodeRecord(outcome: AddressOutcome, checkedAt: number): Buffer | null {
  if (!Object.hasOwn(STATUS_CODE, outcome.status)) return null;
  const provider = typeof outcome.provider === 'string' ? Buffer.from(outcome.provider) : null;
  const url = typeof outcome.avatarUrl === 'string' ? Buffer.from(outcome.avatarUrl) : null;
  if (provider && provider.length > MAX_PROVIDER_BYTES) return null;
  if (url && url.length > MAX_AVATAR_URL_BYTES) return null;
  const size = HEAD + (provider ? 1 + provider.length : 0) + (url ? url.length : 0);
  const bytes = Buffer.allocUnsafe(size);
  bytes[0] = flagsOf(outcome);
  bytes.writeUInt32LE(checkedAt, 1);
  let at = HEAD;
  if (provider) {
    bytes[at] = provider.length;
    provider.copy(bytes, at + 1);
    at += 1 + provider.length;
  }
  if (url) url.copy(bytes, at);
  return bytes;
}

/**
 * Encodes outcomes of one `remember` call, sharing the bytes of equal ones: all
 * but those with an avatar URL are one of a handful (status, avatar, provider)
 * at one checkedAt, so a million outcomes make a few buffers, not a million.
 */
export function recordEncoder(checkedAt: number): (outcome: AddressOutcome) => Buffer | null {
  // Provider (null for none) → flags byte → the bytes.
  const shared = new Map<string | null, (Buffer | null | undefined)[]>();
  return (outcome) => {
    if (typeof outcome.avatarUrl === 'string' && outcome.avatarUrl !== '') {
      return encodeRecord(outcome, checkedAt);
    }
    const provider = typeof outcome.provider === 'string' ? outcome.provider : null;
    let byFlags = shared.get(provider);
    if (!byFlags) {
      byFlags = [];
      shared.set(provider, byFlags);
    }
    const flags = flagsOf(outcome) & 0xff;
    let bytes = byFlags[flags];
    if (bytes === undefined) {
      bytes = encodeRecord(outcome, checkedAt);
      byFlags[flags] = bytes;
    }
    return bytes;
  };
}

/** checkedAt of a stored record, or -1 when the bytes are not a record. */
export function checkedAtOf(bytes: Uint8Array): number {
  if (bytes.length < HEAD) return -1;
  return int32At(bytes, 1) >>> 0;
}

/**
 * What decodeRecord would say of `bytes[start, end)` (all of them unless
 * told), without decoding them: the record's checkedAt, 0 when it holds an
 * 'unknown' (no answer), or -1 when the bytes are not exactly one record of
 * this format. For reads of dates only.
 */
export function recordCheckedAt(bytes: Uint8Array, start = 0, end = bytes.length): number {
  if (end - start < HEAD) return -1;
  const flags = bytes[start] as number;
  const status = flags & 0x03;
  if (status === 0 || (flags & 0x0c) === 0x0c || (flags & FORMAT_BITS) !== 0) return -1;
  let at = start + HEAD;
  if (flags & HAS_PROVIDER) {
    if (at === end) return -1;
    at += 1 + (bytes[at] as number);
    if (at > end) return -1;
  }
  if (!(flags & HAS_AVATAR_URL) && at !== end) return -1;
  if (status === STATUS_CODE.unknown) return 0;
  return int32At(bytes, start + 1) >>> 0;
}

/** The outcome in `bytes`, or null when they are not exactly one record of this format. */
export function decodeRecord(bytes: Uint8Array): RecalledOutcome | null {
  if (bytes.length < HEAD) return null;
  const flags = bytes[0] as number;
  const status = STATUSES[(flags & 0x03) - 1];
  const avatarCode = (flags >> 2) & 0x03;
  if (!status || avatarCode === 3 || (flags & FORMAT_BITS) !== 0) return null;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let at = HEAD;
  let provider: string | null = null;
  if (flags & HAS_PROVIDER) {
    const length = bytes[at];
    if (length === undefined || at + 1 + length > bytes.length) return null;
    provider = buffer.toString('utf8', at + 1, at + 1 + length);
    at += 1 + length;
  }
  let avatarUrl: string | null = null;
  if (flags & HAS_AVATAR_URL) avatarUrl = buffer.toString('utf8', at);
  else if (at !== bytes.length) return null;
  return {
    outcome: {
      status,
      provider,
      avatar: avatarCode === 0 ? null : avatarCode === 2,
      avatarUrl,
    },
    checkedAt: checkedAtOf(bytes),
  };
}
