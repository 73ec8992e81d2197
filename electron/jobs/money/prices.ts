// Unit prices in micros per address, per service product. Only the avatar
// bulk price is published (0.003 USD); the others are learned from what the
// balance moved by for a known number of checked addresses, and remembered.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../lib/files/atomic-file';
import { log } from '../../lib/log';

import { SERVICE_PRODUCTS, type JobProduct, type ServiceProduct } from '../../common/model';

export type { ServiceProduct } from '../../common/model';

const PUBLISHED: Partial<Record<ServiceProduct, number>> = { email_avatar_batch: 3_000 };

// Partial: a price is known only for the products used so far. (zod 4's
// z.record with enum keys demands every key: it would refuse every saved file,
// and so forget every learned price on the next start.)
const pricesFile = z.partialRecord(
  z.enum(SERVICE_PRODUCTS as [ServiceProduct, ...ServiceProduct[]]),
  z.number().int().positive(),
);

export type PriceSource = 'known' | 'learned' | 'entered';

export interface PriceBook {
  get(product: ServiceProduct): number | null;
  /** Where get's price comes from: learned from a charge, the app's own list, or the user's plan. */
  source(product: ServiceProduct): PriceSource | null;
  /** Records a price seen: `micros` moved for `addresses` addresses. Ignores what does not divide. */
  learn(product: ServiceProduct, micros: number, addresses: number): Promise<void>;
}

const jobProductOf = (product: ServiceProduct): JobProduct =>
  product.startsWith('email_avatar') ? 'avatar' : 'email';

/**
 * `known`: the service's own price list, when the app knows it (the demo's
 * sandbox, whose prices the app sets); a price learned from a charge still
 * wins. `entered`: the unit prices of the user's plan, per product, typed in
 * Settings. The estimate and the spending limit count with the higher of the
 * entered price and the service's: the window can change what is entered, and
 * a price it could lower below what is charged would let a job past the limit.
 */
export async function openPriceBook(
  dataDir: string,
  known: Partial<Record<ServiceProduct, number>> = {},
  entered: () => Partial<Record<JobProduct, number | null>> = () => ({}),
): Promise<PriceBook> {
  const file = join(dataDir, 'prices.json');
  let learned: Partial<Record<ServiceProduct, number>> = {};
  try {
    const parsed = pricesFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) learned = parsed.data;
    else log.warn('prices.json is not valid and is ignored');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      log.warn('prices.json could not be read', err);
  }
  /** The service's own price: learned from a charge, else its list. */
  const services = (product: ServiceProduct): number | null =>
    learned[product] ?? known[product] ?? PUBLISHED[product] ?? null;
  const typed = (product: ServiceProduct): number | null =>
    entered()[jobProductOf(product)] ?? null;
  const source = (product: ServiceProduct): PriceSource | null => {
    const service = services(product);
    const user = typed(product);
    if (user !== null && (service === null || user > service)) return 'entered';
    if (service === null) return null;
    return learned[product] !== undefined ? 'learned' : 'known';
  };
  return {
    get(product) {
      const service = services(product);
      const user = typed(product);
      if (service === null) return user;
      return user === null ? service : Math.max(service, user);
    },
    source,
    async learn(product, micros, addresses) {
      if (addresses <= 0 || micros <= 0 || micros % addresses !== 0) return;
      const unit = micros / addresses;
      if (learned[product] === unit) return;
      learned = { ...learned, [product]: unit };
      await writeFileAtomic(file, JSON.stringify(learned, null, 2)).catch((err: unknown) =>
        log.warn('prices.json could not be written', err),
      );
    },
  };
}
