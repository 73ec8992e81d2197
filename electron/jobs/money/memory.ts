// The account's memory of paid answers as the jobs use it: opened on first
// use, and a year at most (older answers are pruned when it opens).
import { MAX_REUSE_DAYS } from '../../common/limits';
import type { MemoryView } from '../../common/views/views';
import { log } from '../../lib/log';
import { openOutcomeMemory, type OutcomeMemory } from '../../memory/outcome-memory';
import { unavailableMemory } from '../../memory/opened-memory';
import { memoryDir } from '../../memory/outcome-memory';
import type { TeamStore } from '../../team/store';
import type { TeamMemory } from '../../memory/team/team-memory';
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

/**
 * The account's memory shared through the team store of the moment: one per
 * store and account, the one of a store no longer named closed (its outbox
 * stays on disk, for the next). Null without a store or a memory account.
 */
export function teamMemoryOpener(
  options: JobsOptions,
  memory: () => Promise<OutcomeMemory>,
): { get: () => Promise<TeamMemory | null>; settle: (timeoutMs: number) => Promise<void> } {
  let held: { store: TeamStore; account: string; team: TeamMemory } | null = null;
  const get = async (): Promise<TeamMemory | null> => {
    const account = memoryAccountNow(options);
    let store: TeamStore | null = null;
    if (options.team && account !== null) {
      try {
        store = await options.team();
      } catch (err) {
        // Said once to the user by the jobs' sharing (coordination/sharing.ts); logged here.
        log.info(
          `jobs: the team store could not be opened: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
    if (held && (held.store !== store || held.account !== account)) {
      void held.team.close();
      held = null;
    }
    if (!store || account === null) return null;
    if (!held) {
      const { openTeamMemory } = await import('../../memory/team/team-memory');
      if (!held) {
        const team = openTeamMemory({
          store,
          account,
          dataDir: options.dataDir,
          memory,
          ...(options.onTeamNotice ? { notice: options.onTeamNotice } : {}),
          ...(options.teamRetry ? { retry: options.teamRetry } : {}),
        });
        held = { store, account, team };
      }
    }
    return held.team;
  };
  return {
    get,
    /** Sends what waits (for at most `timeoutMs`, not at all while the store is out of reach), then stops. */
    async settle(timeoutMs) {
      const team = held?.team;
      if (!team) return;
      if (team.reachable() !== false) await team.flush(timeoutMs);
      await team.close();
      if (held?.team === team) held = null;
    },
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
