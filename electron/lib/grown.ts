// Growing a typed array that is filled one item at a time (the import's and
// the memory's per-address arrays): a copy twice as large, or as asked.

type Growable = Uint8Array | Int32Array | Uint32Array | Float64Array;

/** `array`'s items in a new array of the same kind with room for `size` (at least twice as many). */
export function grown<T extends Growable>(array: T, size = array.length * 2): T {
  const bigger = new (array.constructor as new (length: number) => T)(size);
  bigger.set(array);
  return bigger;
}
