// What the user chose for a job's cost: which addresses not to pay for, how
// long a paid answer is reused, and the most the job may spend. The review
// and the command line both start from these defaults.
import { DEFAULT_SKIP, SKIP_KINDS, type OthersChoice, type SkipKind } from '../../common/model';
import type { SkipChoice } from '../../common/views/views';
import { DEFAULT_REUSE_DAYS } from '../../common/limits';

export interface CostChoices {
  skip: SkipChoice;
  /** Days a paid answer is reused; 0: never. */
  reuseDays: number;
  /** The most the job may spend, in micros; null: no limit. */
  limitMicros: number | null;
  /** Email + avatar: addresses outside the avatar check's providers not sent, or checked with Email. */
  others: OthersChoice;
  /**
   * The command line's `--ignore`: the account's suppression list, or the
   * user's rules, left unapplied for this job (the window always applies both).
   */
  ignore: IgnoreChoice;
}

export interface IgnoreChoice {
  suppression: boolean;
  rules: boolean;
}

const SKIP_FIELDS: Record<SkipKind, keyof SkipChoice> = {
  disposable: 'disposable',
  'no-mail-server': 'noMail',
  role: 'role',
};

/** The "Don't pay for" boxes from the command line's names (`--skip disposable,role`). */
export function skipChoiceOf(kinds: readonly SkipKind[]): SkipChoice {
  const choice: SkipChoice = { disposable: false, noMail: false, role: false };
  for (const kind of kinds) choice[SKIP_FIELDS[kind]] = true;
  return choice;
}

/** The names back, in the order the command line documents them. */
export const skipKindsOf = (choice: SkipChoice): SkipKind[] =>
  SKIP_KINDS.filter((kind) => choice[SKIP_FIELDS[kind]]);

export const DEFAULT_CHOICES: CostChoices = {
  skip: skipChoiceOf(DEFAULT_SKIP),
  reuseDays: DEFAULT_REUSE_DAYS,
  limitMicros: null,
  others: 'skip',
  ignore: { suppression: false, rules: false },
};

export const choicesWith = (partial: Partial<CostChoices> = {}): CostChoices => ({
  ...DEFAULT_CHOICES,
  ...partial,
});
