// The account's memory of paid answers as the jobs use it: opened on first
// use, and a year at most (older answers are pruned when it opens).
import { MAX_REUSE_DAYS } from '../../common/limits';
import type { MemoryView } from '../../common/views';
import { log } from '../../lib/log';
import { openOutcomeMemory, type OutcomeMemory } from '../../memory/outcome-memory';
import { unavailableMemory } from '../../memory/opened-memory';
import { memoryDir } from '../../memory/outcome-memory';
import type { JobsOptions } from '../live';

/** Whose answers the jobs use now (a key's fingerprint, or "demo"); null: none. */
export function memoryAccountNow(options: JobsOptions): string | null {
  const wanted = options.memory === false ? null : (options.memory?.account ?? 'default');
  return typeof wanted === 'function' ? wanted() : wanted;
}

/** The memory of the account in use now, opened once per account. */
export function memoryOpener(options: JobsOptions): () => Promise<OutcomeMemory> {
  const opened = new Map<string, Promise<OutcomeMemory>>();
  return () => {
    const account = memoryAccountNow(options);
    if (account === null) return Promise.resolve(unavailableMemory(memoryDir(options.dataDir)));
    let memory = opened.get(account);
    if (!memory) {
      memory = openMemory(options.dataDir, account);
      opened.set(account, memory);
    }
    return memory;
  };
}

async function openMemory(dataDir: string, account: string): Promise<OutcomeMemory> {
  const memory = await openOutcomeMemory(dataDir, { account });
  // Pruned in the background: nothing waits for it.
  void memory
    .forget(MAX_REUSE_DAYS)
    .then((n) => n > 0 && log.info(`memory: ${n} answers older than a year were pruned`))
    .catch(() => undefined);
  return memory;
}

export const memoryView = (memory: OutcomeMemory): MemoryView => ({
  available: memory.available,
  outcomes: memory.available ? memory.size() : 0,
});
