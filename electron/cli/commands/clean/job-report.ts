// What `clean` and `resume` report of a job: the `--json` summary with each
// kind counted (what was paid for, reused, not sent) and the list's grade, the
// grade in words for a person, and a job stopped at its spending limit, with
// the command that carries it on.
import type { JobView } from '../../../ipc/contract';
import { listGrade, noGradeWords, type ListGrade } from '../../../common/grade';
import { cliWords } from '../../output/words';
import { EXIT_LIMIT } from '../../args/args';
import { carryOnCommand } from '../../output/output';

export { resumeUnderLimit } from '../../output/output';
import { err } from '../../output/print';
import { cash, cashExact, t } from '../../output/say';

/**
 * The list quality grade from the job's counts, as the window's results
 * grade them (invalid and empty cells are one outcome there); null until
 * the job is done, or when nothing was checked.
 */
export function gradeOf(job: JobView): ListGrade | null {
  if (job.state !== 'done') return null;
  return listGrade(
    {
      deliverable: job.deliverable,
      undeliverable: job.undeliverable,
      unknown: job.unknown,
      invalid: job.invalid + job.empty,
      disposable: job.disposable,
    },
    cliWords().t,
  );
}

/** The grade for scripts: `{ "score": 83, "letter": "C" }`, or null. */
export function gradeJson(job: JobView): { score: number; letter: string } | null {
  const grade = gradeOf(job);
  return grade ? { score: grade.score, letter: grade.letter } : null;
}

/**
 * The grade for a person, in two lines: the letter, the score and what it
 * means for sending; then how the score was worked out. Nothing for a job not done.
 */
export function gradeLines(job: JobView): string[] {
  // A list without an address to check is never started: it has no grade, and says so.
  if (job.state !== 'done' && job.unique > 0) return [];
  const grade = gradeOf(job);
  if (!grade) return [noGradeWords(cliWords().t)];
  return [
    t('cli.grade.line', {
      letter: grade.letter,
      score: grade.score,
      verdict: grade.verdict.toLowerCase(),
      sending: grade.sending,
    }),
    grade.how,
  ];
}

/** The counts of `clean --json`, snake_case, as scripts read them. */
export const jobSummary = (job: JobView) => ({
  job: job.id,
  rows: job.rows,
  unique: job.unique,
  invalid: job.invalid,
  empty: job.empty,
  duplicates: job.duplicates,
  deliverable: job.deliverable,
  undeliverable: job.undeliverable,
  unknown: job.unknown,
  /** Not sent, by --skip: their own statuses. */
  disposable: job.disposable,
  role: job.role,
  /** Email + avatar: at providers the avatar check does not cover; not sent, free. */
  not_covered: job.notCovered,
  /** On the account's suppression list: not sent, free. */
  suppressed: job.suppressed,
  /** Decided by a block rule: not sent, free. */
  blocked: job.blocked,
  /** Undeliverable for free (counted in undeliverable too). */
  no_mail_server: job.noMail,
  /** Answers taken from earlier checks, free (counted in their statuses too). */
  reused: job.reused,
  /** Of those, other vendors' verdicts (`list-cleaner verdicts import`). */
  reused_from_vendors: job.reusedFromVendors,
  /** Answers paid for by this job. */
  paid: job.paid,
  /** Of those, an avatar job's addresses outside coverage checked with Email (--others email). */
  paid_as_email: job.paidAsEmail,
  charged_micros: job.chargedMicros,
  limit_micros: job.limitMicros,
  /** The list quality grade (score 0–100 and letter A–F); null until done or when nothing was checked. */
  grade: gradeJson(job),
  may_be_charged_twice: chargedTwiceJson(job),
});

/**
 * Addresses checked again because their answer was lost (in flight when a
 * run was killed, or lost on the way), and at most what that cost; null
 * while the price is not known.
 */
export const chargedTwiceJson = (job: JobView) => ({
  addresses: job.mayBeChargedTwice.addresses,
  up_to_micros: job.mayBeChargedTwice.upToMicros,
  in_flight_at_stop: job.mayBeChargedTwice.inFlightAtStop,
  lost_on_the_way: job.mayBeChargedTwice.lostOnTheWay,
  stops: job.mayBeChargedTwice.stops,
});

/**
 * "The previous run stopped while 100 addresses were being checked; the
 * service may have charged for them. They were checked again: at most $0.10
 * more." Nothing when no run stopped mid-check.
 */
export function chargedTwiceLines(job: JobView): string[] {
  const { inFlightAtStop: count, upToMicros } = job.mayBeChargedTwice;
  if (count === 0) return [];
  const unit =
    job.mayBeChargedTwice.addresses > 0 && upToMicros !== null
      ? upToMicros / job.mayBeChargedTwice.addresses
      : null;
  return [
    unit === null
      ? t('cli.exposure.stoppedPriceUnknown', { n: count, count })
      : t('cli.exposure.stopped', { n: count, count, amount: cash(Math.ceil(count * unit)) }),
  ];
}

/** A held job (stopped, at its limit, or paused): says why and how to go on; the exit code. */
export function reportHeld(job: JobView): number {
  const hold = job.hold;
  if (!hold) return 0;
  err(
    `list-cleaner: ${t('cli.carryOnWith', { reason: hold.message, command: carryOnCommand(job) })}`,
  );
  return hold.reason === 'limit' ? EXIT_LIMIT : 1;
}

/** A job stopped by the user or its limit, which `resume` without an id leaves to them, in one line. */
export function heldLine(job: JobView): string {
  const said = { id: job.id, fileName: job.fileName, command: carryOnCommand(job) };
  if (job.hold?.reason === 'limit') {
    return job.limitMicros !== null
      ? t('cli.held.atLimitOf', { ...said, limit: cashExact(job.limitMicros) })
      : t('cli.held.atLimit', said);
  }
  return job.hold?.reason === 'patience'
    ? t('cli.held.afterRefusals', said)
    : t('cli.held.byYou', said);
}
