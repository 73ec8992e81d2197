// What the service's answers teach about mail domains, kept in the account's
// memory (memory/domain-facts.ts) for the coverage rule (rule.ts) to read in
// later reviews: an Email answer names the provider of its address's domain;
// an Email + avatar answer with a result says the avatar products cover it;
// one without a result, for an address whose Email answer was deliverable,
// says they do not (the address exists, so no result means not covered), and
// so does a refused file's count when exactly that many of its addresses came
// back without a result from the multi checks that replaced it.
import { MAX_REUSE_DAYS } from '../../common/limits';
import type { JobProduct } from '../../common/model';
import { log } from '../../lib/log';
import type { Lesson } from '../../memory/domain-facts';
import type { OutcomeMemory } from '../../memory/outcome-memory';
import { rememberPaid } from '../money/spend';
import type { AddressBook } from '../storage/address-book';
import type { OutcomeRecord } from '../storage/outcomes';
import { domainOf } from '../results/domains';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** How a batch of answers was asked for. */
export interface Asked {
  product: JobProduct;
  route: 'sync' | 'bulk';
}

/** What one batch of paid answers (by position in `addresses`) teaches. */
export function lessonsOf(
  memory: Pick<OutcomeMemory, 'recall'>,
  asked: Asked,
  addresses: Pick<AddressBook, 'at'>,
  records: readonly OutcomeRecord[],
): Lesson[] {
  const lessons: Lesson[] = [];
  for (const r of records) {
    if ((r.origin ?? 'paid') !== 'paid') continue;
    const address = addresses.at(r.index);
    const domain = domainOf(address);
    if (asked.product === 'email') {
      if (r.provider) lessons.push({ domain, provider: r.provider });
    } else if (r.status === 'deliverable' || r.status === 'undeliverable') {
      lessons.push({ domain, covered: true });
    } else if (r.status === 'unknown' && asked.route === 'sync') {
      // A bulk file holding an uncovered address is refused whole: its unknowns say nothing.
      // Only the service's own deliverable: another vendor's verdict (verdicts/) teaches nothing of its coverage.
      const email = memory.recall('email', address, MAX_REUSE_DAYS);
      if (email?.outcome.status === 'deliverable' && !email.source) {
        lessons.push({ domain, outside: true });
      }
    }
  }
  return lessons;
}

/**
 * Keeps what a batch of paid answers teaches of their domains. A cache: what
 * it fails to keep is only learned again.
 */
export async function learnFacts(
  memory: OutcomeMemory,
  asked: Asked,
  addresses: AddressBook,
  records: readonly OutcomeRecord[],
): Promise<void> {
  if (!memory.available) return;
  try {
    const lessons = lessonsOf(memory, asked, addresses, records);
    if (lessons.length > 0) await memory.facts.learn(lessons, nowSeconds());
  } catch (err) {
    log.warn('jobs: what answers said of their domains could not be kept', err);
  }
}

/** Keeps a batch of paid answers in the account's memory, and what they teach. */
export async function keepAnswers(
  memory: OutcomeMemory,
  asked: Asked,
  addresses: AddressBook,
  records: readonly OutcomeRecord[],
): Promise<void> {
  await rememberPaid(memory, asked.product, addresses, records);
  await learnFacts(memory, asked, addresses, records);
}

/** A refused file's addresses found without a result: their domains are outside coverage. */
export async function learnRefused(
  memory: OutcomeMemory,
  addresses: Pick<AddressBook, 'at'>,
  positions: readonly number[],
): Promise<void> {
  if (!memory.available || positions.length === 0) return;
  const lessons = positions.map((p) => ({ domain: domainOf(addresses.at(p)), refused: true }));
  await memory.facts.learn(lessons, nowSeconds()).catch(() => undefined);
}
