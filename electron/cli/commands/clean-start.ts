// What both kinds of `clean` (a file, a platform list) share when they start a
// job: the product asked for, and the start that keeps within the spending
// limit unless told otherwise.
import type { CostChoices, Jobs } from '../../jobs/jobs';
import { AppError } from '../../lib/app-error';
import { EXIT_LIMIT, UsageError, type Values } from '../args';
import { err } from '../print';

export function parseProduct(value: string | undefined): 'email' | 'avatar' {
  if (value === undefined || value === 'email') return 'email';
  if (value === 'avatar') return 'avatar';
  throw new UsageError('--product takes email or avatar');
}

/**
 * Starts the job; over its spending limit only with --confirm-over-limit.
 * Null when it started, else the exit code of the refusal (nothing was sent).
 */
export async function startWithin(
  jobs: Jobs,
  id: string,
  product: 'email' | 'avatar',
  choices: CostChoices,
  values: Values,
): Promise<number | null> {
  try {
    await jobs.start(id, product, choices, values['confirm-over-limit']);
    return null;
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'over_limit') throw e;
    err(
      `list-cleaner: ${e.message} To check anyway, add --confirm-over-limit; or raise --max-spend.`,
    );
    return EXIT_LIMIT;
  }
}
