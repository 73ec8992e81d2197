// Where every row of a finished job's file went, as one sum the user can
// check: rows in the file = checked by the service + reused + left out by the
// free checks + repeats + not addresses. Each term is built from the job's
// outcome counts, not as the rest of the others, so a sum that does not reach
// the file's rows shows the gap instead of hiding it.
import type { JobView } from '../../../../../electron/ipc/contract';

export type SumCounts = Pick<
  JobView,
  | 'rows'
  | 'invalid'
  | 'empty'
  | 'duplicates'
  | 'deliverable'
  | 'undeliverable'
  | 'unknown'
  | 'disposable'
  | 'role'
  | 'notCovered'
  | 'suppressed'
  | 'blocked'
  | 'noMail'
  | 'reused'
  | 'paid'
>;

export interface RowSum {
  /** Sent to the service for this job: its answers, charged or not. */
  checked: number;
  /** Of `checked`, the answers charged (deliverable or undeliverable). */
  paid: number;
  /** Of `checked`, those the service could not tell: not charged. */
  noAnswer: number;
  /** Answers already paid for in an earlier job. */
  reused: number;
  /**
   * Never sent: throw-away and role addresses, domains with no mail, not
   * covered by avatar, suppressed, blocked by a rule.
   */
  leftOut: number;
  /** Later rows of an address already in the file. */
  repeats: number;
  /** Rows whose cell is empty or no address at all. */
  notAddresses: number;
  /** The terms added up. */
  total: number;
  /** The rows the file has. */
  rows: number;
  /** total − rows: 0 when the sum adds up. */
  gap: number;
}

/** The sum of a job whose every address has its outcome (a done job). */
export function rowSum(job: SumCounts): RowSum {
  // noMail are undeliverable found for free, and reused answers carry the
  // status they had: both are counted inside the three outcomes, so they
  // come out of "checked by the service" here.
  const answered = job.deliverable + job.undeliverable + job.unknown;
  const checked = Math.max(0, answered - job.reused - job.noMail);
  const paid = Math.min(job.paid, checked);
  const leftOut =
    job.disposable + job.role + job.notCovered + job.noMail + job.suppressed + job.blocked;
  const notAddresses = job.invalid + job.empty;
  const total = checked + job.reused + leftOut + job.duplicates + notAddresses;
  return {
    checked,
    paid,
    noAnswer: checked - paid,
    reused: job.reused,
    leftOut,
    repeats: job.duplicates,
    notAddresses,
    total,
    rows: job.rows,
    gap: total - job.rows,
  };
}
