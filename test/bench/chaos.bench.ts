// `npm run bench -- chaos`: the kill matrix of the unit lane (issue 47,
// test/support/chaos/harness.ts), longer and on a fresh seed: every path
// (multi and single checks; two lists of a bulk task each) against the
// independent fake and the sandbox, killed CHAOS_KILLS times (12 unless told)
// at random moments and resumed each time. One JSON line per path and
// service: what the jobs say may have been charged twice, against the bound
// (one multi check and four singles per kill), with the service's own count of
// addresses it charged twice, the kills, the seed (CHAOS_SEED replays it), and
// the invariants. A broken invariant fails the suite (exit 1) after its line
// is printed. Not part of bench:check: it takes minutes.
import { randomInt } from 'node:crypto';
import {
  runPath,
  type PathName,
  type PathReport,
  type ServiceKind,
} from '../support/chaos/harness';
import { emit, log } from './report';

const KILLS = Number(process.env.CHAOS_KILLS ?? 12);
const SEED = Number(process.env.CHAOS_SEED ?? randomInt(1, 2 ** 31));
const SERVICES: ServiceKind[] = ['fake', 'sandbox'];
const PATHS: PathName[] = ['sync', 'bulk'];

/** The invariants the unit lane's test holds, as words for the ones broken. */
function broken(r: PathReport): string[] {
  const wrong: string[] = [];
  if (r.export_errors > 0) wrong.push(`${r.export_errors} rows of the cleaned files wrong`);
  if (r.jobs_not_done > 0) wrong.push(`${r.jobs_not_done} jobs not done`);
  if (r.resume_lies > 0)
    wrong.push(`resume said "No unfinished jobs" ${r.resume_lies} times with work left`);
  if (r.said < r.addresses_repaid) wrong.push('the jobs say less than the service charged twice');
  if (r.said > r.bound) wrong.push('the jobs say more than the bound');
  if (r.tasks_made !== r.tasks_planned) wrong.push('bulk tasks made other than planned');
  if (r.reservations_left !== null && r.reservations_left !== 0) wrong.push('reservations left');
  if (r.max_in_flight && (r.max_in_flight.all > 5 || r.max_in_flight.multi > 1)) {
    wrong.push('more in flight than the limits allow');
  }
  return wrong;
}

export async function run(): Promise<void> {
  log(`chaos: seed ${SEED} (CHAOS_SEED=${SEED} replays it), ${KILLS} kills a path`);
  const failures: string[] = [];
  for (const service of SERVICES) {
    for (const path of PATHS) {
      const r = await runPath(service, path, SEED, KILLS);
      const wrong = broken(r);
      emit({
        name: `chaos.${service}.${path}`,
        value: r.said,
        unit: 'addresses',
        // The share of the bound a crash used: what may have been paid twice, against the most it may be.
        baseline: Math.max(1, r.bound),
        better: 'lower',
        extra: {
          service,
          path,
          seed: r.seed,
          kills: r.kills,
          addresses_repaid: r.addresses_repaid,
          said: r.said,
          bound: r.bound,
          reservations_left: r.reservations_left ?? 'not kept',
          resume_lies: r.resume_lies,
          tasks_made: r.tasks_made,
          tasks_planned: r.tasks_planned,
          max_in_flight: r.max_in_flight
            ? `${r.max_in_flight.all} (${r.max_in_flight.multi} multi)`
            : 'not kept',
          export_errors: r.export_errors,
          seconds: r.seconds,
          ok: wrong.length === 0,
        },
      });
      for (const w of wrong) failures.push(`${service} ${path}: ${w}`);
    }
  }
  if (failures.length > 0) {
    throw new Error(`chaos (seed ${SEED}): ${failures.join('; ')}`);
  }
}
