// The window can change the price the user entered; the estimate and the
// spending limit count with the higher of that and the service's own price
// (learned from a charge, or known), so a price typed too low cannot let a
// job past the limit once the service's is known (issue 46).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPriceBook } from '../../../../electron/jobs/money/prices';
import type { JobProduct } from '../../../../electron/common/model';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function book(entered: Partial<Record<JobProduct, number | null>>) {
  const dir = await mkdtemp(join(tmpdir(), 'lc-price-floor-'));
  dirs.push(dir);
  return openPriceBook(dir, {}, () => entered);
}

describe('the price the limit counts with', () => {
  it('is the entered one until the service’s is learned', async () => {
    const prices = await book({ email: 1 });
    expect(prices.get('email')).toBe(1);
    expect(prices.source('email')).toBe('entered');
  });

  it('never goes under the learned price, however low the entered one', async () => {
    const entered: Partial<Record<JobProduct, number | null>> = { email: 1 };
    const dir = await mkdtemp(join(tmpdir(), 'lc-price-floor-'));
    dirs.push(dir);
    const prices = await openPriceBook(dir, {}, () => entered);
    await prices.learn('email', 40_000, 5);
    expect(prices.get('email')).toBe(8_000);
    expect(prices.source('email')).toBe('learned');

    // A price entered higher than the one charged is kept: the estimate is never under.
    entered.email = 9_000;
    expect(prices.get('email')).toBe(9_000);
    expect(prices.source('email')).toBe('entered');

    // Opened again, the learned price is still the floor.
    entered.email = 1;
    const again = await openPriceBook(dir, {}, () => entered);
    expect(again.get('email')).toBe(8_000);
  });

  it('is the published one over a lower entered one', async () => {
    const prices = await book({ avatar: 1 });
    expect(prices.get('email_avatar_batch')).toBe(3_000);
    expect(prices.source('email_avatar_batch')).toBe('known');
  });
});
