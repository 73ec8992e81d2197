// One answer as the memory's first two layouts (formats 1 and 2) kept it, read
// only to move those answers into the present layout (migrate.ts). Everything
// is checked byte by byte: a record that does not decode exactly is no
// outcome (asked again), never a guess.
import type { RecalledOutcome } from './answers';
import { int32At } from '../../lib/bytes';

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
const HAS_PROVIDER = 0x10;
const HAS_AVATAR_URL = 0x20;
const FORMAT_BITS = 0xc0;
const HEAD = 5;

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
    checkedAt: int32At(bytes, 1) >>> 0,
  };
}
