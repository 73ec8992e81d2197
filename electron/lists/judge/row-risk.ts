// What the risk table (risk/table.ts) and the bounce forecast read of one row
// of a job: its status, where its answer came from and how old it is, and the
// free checks' flags. One place, so the export's column, the results' filter
// and the forecast say the same of a row.
import { DISPOSABLE, FREE, ROLE, TYPO } from '../../checks/findings';
import { riskOf, type Risk, type RiskInputs } from '../../risk/table';
import { NO_MAIL } from './free-checks';
import type { JobOutcome, RowStatus } from '../types';

const DAY_MS = 86_400_000;

export interface RowRiskFacts {
  status: RowStatus;
  outcome: JobOutcome | undefined;
  flags: number;
  /** The day (or time) the job's own answers were given; '' when not known. */
  checkedOn: string;
}

/** When the row's answer was given, epoch ms: the memory's date for a reused one. */
function answeredAt(row: RowRiskFacts): number | null {
  const o = row.outcome;
  if (!o || o.origin === 'local') return null;
  if (o.origin === 'reused') return o.checkedAt ? o.checkedAt * 1000 : null;
  const at = row.checkedOn ? Date.parse(row.checkedOn) : NaN;
  return Number.isFinite(at) ? at : null;
}

export function riskInputs(row: RowRiskFacts, nowMs: number): RiskInputs {
  const at = answeredAt(row);
  return {
    status: row.status,
    origin: row.outcome?.origin ?? (row.outcome ? 'paid' : null),
    ageDays: at === null ? null : Math.max(0, Math.floor((nowMs - at) / DAY_MS)),
    role: (row.flags & ROLE) !== 0,
    free: (row.flags & FREE) !== 0,
    disposable: (row.flags & DISPOSABLE) !== 0,
    typo: (row.flags & TYPO) !== 0,
    noMail: (row.flags & NO_MAIL) !== 0,
  };
}

export const rowRisk = (row: RowRiskFacts, nowMs: number): Risk => riskOf(riskInputs(row, nowMs));
