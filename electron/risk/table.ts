// The one rule that gives every row a risk: low, medium or high, with the
// reasons that decided it. It reads only what List Cleaner knows of a row for
// free: the service's verdict (registered → deliverable, not registered →
// undeliverable, no result → unknown: the contract's `registered` and
// `exists: false`), where the answer came from and how old it is, and the free
// checks (role, free webmail, disposable, typo, no mail server). A row's level
// is the highest level among its reasons; a row with no reason above low is
// low. The README's "How risk is decided" is this table, word for word (a test
// holds the two together).
import type { RiskLevel, RiskReason, RowStatusName } from '../common/model';

/** What the table reads of one row. */
export interface RiskInputs {
  status: RowStatusName;
  /** Where the answer came from: paid for this job, reused from the memory, found locally; null: none. */
  origin: 'paid' | 'reused' | 'local' | null;
  /** Whole days since the answer was given; null when there is no answer or no date. */
  ageDays: number | null;
  role: boolean;
  free: boolean;
  disposable: boolean;
  typo: boolean;
  noMail: boolean;
}

/**
 * Past this age a "deliverable" is old news: lists decay about 2% a month, so a
 * three-month-old answer has lost about one address in sixteen.
 */
export const OLD_DAYS = 90;
/** Past a month the decay starts to show; still low, but said. */
export const AGING_DAYS = 30;

export interface RiskRule {
  reason: RiskReason;
  level: RiskLevel;
  /** The condition in words, for the README. */
  when: string;
  applies: (x: RiskInputs) => boolean;
}

const deliverableAged = (x: RiskInputs, days: number) =>
  x.status === 'deliverable' && x.ageDays !== null && x.ageDays > days;
/** Rows with a real address: the ones a platform would mail. */
const hasAddress = (x: RiskInputs) => x.status !== 'invalid';

/** The table, in the order its reasons are written. */
export const RISK_TABLE: readonly RiskRule[] = [
  {
    reason: 'invalid',
    level: 'high',
    when: 'the row has no valid address',
    applies: (x) => x.status === 'invalid',
  },
  {
    reason: 'duplicate',
    level: 'high',
    when: 'a second copy of an address already in the list: sent twice if kept',
    applies: (x) => x.status === 'duplicate',
  },
  {
    reason: 'suppressed',
    level: 'high',
    when: 'on the suppression list, or blocked by one of your rules',
    applies: (x) => x.status === 'suppressed' || x.status === 'blocked',
  },
  {
    reason: 'undeliverable',
    level: 'high',
    when: 'the service said the address is not registered',
    applies: (x) => x.status === 'undeliverable',
  },
  {
    reason: 'no_mail_server',
    level: 'high',
    when: 'the domain has no mail server',
    applies: (x) => x.noMail,
  },
  {
    reason: 'disposable',
    level: 'high',
    when: 'a throw-away domain',
    applies: (x) => x.disposable || x.status === 'disposable',
  },
  {
    reason: 'unknown',
    level: 'medium',
    when: 'the service could not tell (unknown after every ask)',
    applies: (x) => x.status === 'unknown',
  },
  {
    reason: 'not_checked',
    level: 'medium',
    when: 'not checked by your choice (a role address skipped, a provider the avatar check does not cover)',
    applies: (x) => x.status === 'role' || x.status === 'not_covered',
  },
  {
    reason: 'typo',
    level: 'medium',
    when: 'the domain looks mistyped (a suggestion exists)',
    applies: (x) => x.typo,
  },
  {
    reason: 'old_answer',
    level: 'medium',
    when: `deliverable, but the answer is more than ${OLD_DAYS} days old`,
    applies: (x) => deliverableAged(x, OLD_DAYS),
  },
  {
    reason: 'role',
    level: 'medium',
    when: 'a role address (info@, sales@…): often a group, more complaints',
    applies: (x) => x.role,
  },
  {
    reason: 'aging_answer',
    level: 'low',
    when: `deliverable, the answer ${AGING_DAYS + 1} to ${OLD_DAYS} days old`,
    applies: (x) => deliverableAged(x, AGING_DAYS) && !deliverableAged(x, OLD_DAYS),
  },
  {
    reason: 'reused',
    level: 'low',
    when: 'the answer came from the memory of earlier checks',
    applies: (x) => x.origin === 'reused',
  },
  {
    reason: 'free_mail',
    level: 'low',
    when: 'a free webmail address',
    applies: (x) => hasAddress(x) && x.free,
  },
  {
    reason: 'business',
    level: 'low',
    when: "a company's own domain",
    applies: (x) => hasAddress(x) && !x.free,
  },
];

const RANK: Record<RiskLevel, number> = { low: 0, medium: 1, high: 2 };

export interface Risk {
  level: RiskLevel;
  /** In the table's order. */
  reasons: RiskReason[];
}

/** A row's risk: the highest level among its reasons, low when none is higher. */
export function riskOf(x: RiskInputs): Risk {
  let level: RiskLevel = 'low';
  const reasons: RiskReason[] = [];
  for (const rule of RISK_TABLE) {
    if (!rule.applies(x)) continue;
    reasons.push(rule.reason);
    if (RANK[rule.level] > RANK[level]) level = rule.level;
  }
  return { level, reasons };
}

/** The table as the README shows it (a test compares the two). */
export function riskTableMarkdown(): string {
  const lines = ['| reason | when | risk |', '|---|---|---|'];
  for (const rule of RISK_TABLE)
    lines.push(`| \`${rule.reason}\` | ${rule.when} | ${rule.level} |`);
  return lines.join('\n');
}
