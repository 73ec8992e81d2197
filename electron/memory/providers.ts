// The memory's dictionary of providers: the service names a mailbox's provider
// with a short code ("gmail", "office365", …), a handful of codes for millions
// of answers, so an answer keeps a byte that points here instead of the name.
// Kept in `meta` under PROVIDERS_KEY, shared by all accounts (the codes are the
// service's, no contact's data): up to 255 names, each a byte of length and
// its UTF-8, in the order they were first kept. Names are only ever added,
// inside the writing transaction, so a code once written means the same name
// for every process; an answer whose provider is not here (the dictionary is
// full) keeps its name in its bucket's tail (bucket.ts).
import type { Database } from 'lmdb';

export const PROVIDERS_KEY = 'providers';
/** Codes are 1..255 (0 is no provider). */
const MAX_NAMES = 255;
/** The name of a code that is not in the dictionary: its provider is kept with the answer. */
export const NOT_IN_DICTIONARY = 0;
/** A provider longer than this (in UTF-8 bytes) is not kept: service codes are short. */
export const MAX_PROVIDER_BYTES = 255;

/** The names kept, code k at index k - 1; null when the bytes do not read whole. */
export function readProviders(meta: Database<Buffer, string>): string[] | null {
  const bytes = meta.getBinary(PROVIDERS_KEY);
  const names: string[] = [];
  if (!bytes) return names;
  for (let at = 0; at < bytes.length;) {
    const end = at + 1 + (bytes[at] as number);
    if (end > bytes.length) return null;
    names.push(bytes.toString('utf8', at + 1, end));
    at = end;
  }
  return names;
}

/**
 * The code of each of `names` (same order), adding those not kept yet while
 * there is room; NOT_IN_DICTIONARY for the rest. Must run inside a write
 * transaction, so two processes never give one code two names. A dictionary
 * that does not read whole is left as it is (its codes may be in use): every
 * name is then kept with its answer.
 */
export function providerCodes(
  meta: Database<Buffer, string>,
  names: readonly string[],
): Uint8Array {
  const codes = new Uint8Array(names.length);
  const kept = readProviders(meta);
  if (!kept) return codes;
  const codeOf = new Map(kept.map((name, i) => [name, i + 1]));
  const added: Buffer[] = [];
  names.forEach((name, i) => {
    let code = codeOf.get(name);
    const bytes = Buffer.from(name);
    if (code === undefined && codeOf.size < MAX_NAMES && bytes.length <= MAX_PROVIDER_BYTES) {
      code = codeOf.size + 1;
      codeOf.set(name, code);
      added.push(Buffer.from([bytes.length]), bytes);
    }
    codes[i] = code ?? NOT_IN_DICTIONARY;
  });
  if (added.length > 0) {
    const before = meta.getBinary(PROVIDERS_KEY);
    meta.putSync(PROVIDERS_KEY, Buffer.concat([before ?? Buffer.alloc(0), ...added]));
  }
  return codes;
}

/** How many names the dictionary holds now: codes up to it read. */
export const dictionarySize = (meta: Database<Buffer, string>): number =>
  readProviders(meta)?.length ?? 0;

/**
 * Names by code for a reader: read once, and again when a code is met that
 * another process added since.
 */
export function providerNames(meta: Database<Buffer, string>) {
  let names = readProviders(meta) ?? [];
  return (code: number): string | undefined => {
    if (code > names.length) names = readProviders(meta) ?? [];
    return names[code - 1];
  };
}
