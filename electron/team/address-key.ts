// How the team store names an address: the 16 bytes of the same MurmurHash3
// x86 128 the memory keeps it under (lib/addresses/address-hash.ts), little-endian
// as the reference writes them. The store never sees the address itself, and
// an answer recalled from it lands in the memory's bucket and tag unchanged:
// its first 17 bits are the bucket, the next 64 bits after the first word the tag.
import { murmur128, spotOf, type AddressSpot } from '../lib/addresses/address-hash';

const words = new Int32Array(4);

/** The store's key of a normalized address (as the importer writes it). */
export function teamAddressHash(address: string): Buffer {
  const bytes = Buffer.from(address, 'utf8');
  murmur128(bytes, 0, bytes.length, words);
  const out = Buffer.allocUnsafe(16);
  for (let i = 0; i < 4; i++) out.writeInt32LE(words[i] as number, i * 4);
  return out;
}

/** The memory's spot of an address the store names by its hash. */
export function spotOfTeamHash(hash: Uint8Array): AddressSpot {
  if (hash.length !== 16) throw new Error(`a team address hash has 16 bytes, not ${hash.length}`);
  const view = Buffer.from(hash.buffer, hash.byteOffset, 16);
  for (let i = 0; i < 4; i++) words[i] = view.readInt32LE(i * 4);
  return spotOf(words);
}
