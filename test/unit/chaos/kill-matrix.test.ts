// The kill matrix in the unit lane (issue 47): the real `list-cleaner`
// SIGKILLed at seeded random moments (CHAOS_SEED, 4747 unless told; CHAOS_KILLS
// per path, 2 unless told) while it cleans, and resumed each time, against
// the app's sandbox and against the independent fake written from the
// interface alone (test/fakes/verification/), which charges a check whose
// client died and keeps its slot until it ends. Paths: a multi check with
// singles beside it and a list of singles alone; two lists of a bulk task
// each. At the end every cleaned file is right, every job done, no address
// counted twice in what the jobs say (within one multi and four singles per
// kill), and what they say is never less than what the service's own ledger
// charged twice. `npm run bench -- chaos` runs it longer, with a fresh seed.
import { describe, expect, it } from 'vitest';
import { runPath, type PathName, type ServiceKind } from '../../support/chaos/harness';

const SEED = Number(process.env['CHAOS_SEED'] ?? 4747);
const KILLS = Number(process.env['CHAOS_KILLS'] ?? 2);

describe.concurrent.each<ServiceKind>(['fake', 'sandbox'])(
  'killed at random moments, against the %s',
  (kind) => {
    it.each<PathName>(['sync', 'bulk'])(
      '%s path: carried on to the right files, the figure honest',
      async (path) => {
        const r = await runPath(kind, path, SEED, KILLS);
        expect(r.kills, JSON.stringify(r)).toBeGreaterThan(0);
        expect(r.export_errors, JSON.stringify(r)).toBe(0);
        expect(r.jobs_not_done, JSON.stringify(r)).toBe(0);
        expect(r.resume_lies, JSON.stringify(r)).toBe(0);
        // Never less than the service's truth, and no address counted twice: within the bound.
        expect(r.said, JSON.stringify(r)).toBeGreaterThanOrEqual(r.addresses_repaid);
        expect(r.said, JSON.stringify(r)).toBeLessThanOrEqual(r.bound);
        // Bulk tasks are never made twice: one each, under its Idempotency-Key.
        expect(r.tasks_made, JSON.stringify(r)).toBe(r.tasks_planned);
        if (r.reservations_left !== null) expect(r.reservations_left, JSON.stringify(r)).toBe(0);
        if (r.max_in_flight !== null) {
          expect(r.max_in_flight.all).toBeLessThanOrEqual(5);
          expect(r.max_in_flight.multi).toBeLessThanOrEqual(1);
        }
      },
      120_000,
    );
  },
);
