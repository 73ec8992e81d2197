// What the DNS already told us about a domain, kept for a day so a list cleaned
// again, or the next list with the same domains, asks nothing it has asked
// before. Only settled verdicts ('mail', 'no-mail') are kept: "can't tell" is
// asked again next time. With a data folder the day survives a restart and is
// shared by the app and the command line through dns-cache.json, which is read
// through zod (a damaged or foreign file is ignored, never fatal) and written
// atomically, merged with what another process may have written meanwhile.
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../lib/files/atomic-file';
import { log } from '../lib/log';

/** A verdict worth remembering: the DNS answered, and was believed. */
export type SettledVerdict = 'mail' | 'no-mail';

export const DNS_CACHE_FILE = 'dns-cache.json';
export const DAY_MS = 24 * 60 * 60 * 1000;

const entrySchema = z.object({
  verdict: z.enum(['mail', 'no-mail']),
  /** When the answer came, in ms since the epoch. */
  at: z.number().int().nonnegative(),
});
type Entry = z.infer<typeof entrySchema>;

const cacheFileSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string().min(1).max(253), entrySchema),
});

export interface DomainCacheOptions {
  /** The JSON file that keeps the cache between runs; none keeps it in memory only. */
  file?: string;
  /** How long a verdict holds; default a day. */
  ttlMs?: number;
  now?: () => number;
}

export interface DomainCache {
  /** Reads the file once (later calls share the first read). Never rejects. */
  load(): Promise<void>;
  get(domain: string): SettledVerdict | undefined;
  set(domain: string, verdict: SettledVerdict): void;
  /** Writes what changed since the last save, if there is a file. Never rejects. */
  save(): Promise<void>;
}

/** Entries of a file, or none when it is missing, unreadable or not ours. */
async function readEntries(file: string): Promise<Map<string, Entry>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      log.info(`${DNS_CACHE_FILE} could not be read; starting without it`, String(err));
    }
    return new Map();
  }
  try {
    const parsed = cacheFileSchema.safeParse(JSON.parse(text));
    if (parsed.success) return new Map(Object.entries(parsed.data.entries));
    log.info(`${DNS_CACHE_FILE} is not a DNS cache; ignoring it`, parsed.error.issues[0]?.message);
  } catch (err) {
    log.info(`${DNS_CACHE_FILE} is damaged; ignoring it`, String(err));
  }
  return new Map();
}

export function createDomainCache(options: DomainCacheOptions = {}): DomainCache {
  const { file } = options;
  const ttlMs = options.ttlMs ?? DAY_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Entries added since the last save, which the next save must write. */
  const fresh = new Map<string, Entry>();
  let loading: Promise<void> | undefined;
  let saving: Promise<void> = Promise.resolve();

  const isFresh = (entry: Entry, at: number) => at - entry.at >= 0 && at - entry.at < ttlMs;

  /** Keeps the newer of two entries for a domain. */
  function merge(into: Map<string, Entry>, domain: string, entry: Entry): void {
    const held = into.get(domain);
    if (!held || held.at < entry.at) into.set(domain, entry);
  }

  async function write(path: string): Promise<void> {
    if (fresh.size === 0) return;
    const written = new Map(fresh);
    fresh.clear();
    try {
      // Another process may have saved since we read: keep its entries too.
      const merged = await readEntries(path);
      for (const [domain, entry] of entries) merge(merged, domain, entry);
      const at = now();
      const kept: Record<string, Entry> = {};
      for (const [domain, entry] of merged) if (isFresh(entry, at)) kept[domain] = entry;
      await mkdir(dirname(path), { recursive: true });
      await writeFileAtomic(path, `${JSON.stringify({ version: 1, entries: kept })}\n`);
    } catch (err) {
      for (const [domain, entry] of written) if (!fresh.has(domain)) fresh.set(domain, entry);
      log.warn(`${DNS_CACHE_FILE} could not be saved; the DNS answers are kept in memory`, err);
    }
  }

  return {
    load() {
      loading ??= file
        ? readEntries(file).then((read) => {
            for (const [domain, entry] of read) merge(entries, domain, entry);
          })
        : Promise.resolve();
      return loading;
    },
    get(domain) {
      const entry = entries.get(domain);
      if (!entry) return undefined;
      if (isFresh(entry, now())) return entry.verdict;
      entries.delete(domain);
      return undefined;
    },
    set(domain, verdict) {
      const entry = { verdict, at: now() };
      entries.set(domain, entry);
      fresh.set(domain, entry);
    },
    save() {
      if (!file) {
        fresh.clear();
        return saving;
      }
      saving = saving.then(() => write(file));
      return saving;
    },
  };
}
