// A disk that fills when a test says so, for the outcome log: its appends go to
// /dev/full, a real ENOSPC from the kernel (a tiny tmpfs cannot be mounted
// here), after writing as much of their text as the test says.
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Disk } from '../../../../electron/jobs/storage/disk';

/**
 * Asked before each append: `null`, there is room for all of it; a number,
 * the disk fills after that many bytes of its text are written (0: none).
 */
export type Fills = () => number | null;

/** `handle`, its appends meeting a full disk (`devFull`) as `fills` decides; closing it closes both. */
export function fillingHandle(handle: FileHandle, devFull: FileHandle, fills: Fills): FileHandle {
  return new Proxy(handle, {
    get(target, prop) {
      if (prop === 'appendFile') {
        return async (data: string) => {
          const written = fills();
          if (written === null) return target.appendFile(data);
          if (written > 0) await target.appendFile(data.slice(0, written));
          return devFull.appendFile(data);
        };
      }
      if (prop === 'close') {
        return async () => {
          await devFull.close();
          await target.close();
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A Disk stand-in that opens the outcome log on a disk filling as `fills` decides. */
export function fillingDisk(
  fills: Fills,
  retryDelaysMs: readonly number[],
): Pick<Disk, 'open' | 'retryDelaysMs'> {
  return {
    retryDelaysMs,
    async open(path, flags) {
      const handle = await open(path, flags);
      // Only the outcome log meets the full disk: the request journal, opened
      // through the same Disk, keeps its room, so each test fills what it names.
      if (basename(path) !== 'outcomes.log') return handle;
      const devFull = await open('/dev/full', 'w');
      return fillingHandle(handle, devFull, fills);
    },
  };
}
