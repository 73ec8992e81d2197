// A job's outcomes in memory: a compact table over typed arrays, so a million
// outcomes cost a few megabytes, not a million objects. Besides the service's
// answers paid for by this job, it holds those taken for free: reused from the
// memory of earlier answers, and found here (a domain without mail, an address
// the user chose not to pay for, one suppressed or blocked). The log on disk
// it is loaded from is outcomes.ts.
import { vendorCode, vendorOfCode } from '../../common/catalogs/vendors';
import type { VerdictVendor } from '../../common/catalogs/vendors';
import type { JobOutcome } from '../../lists/types';

export const STATUS = [
  'deliverable',
  'undeliverable',
  'unknown',
  'disposable',
  'role',
  'not_covered',
  'suppressed',
  'blocked',
] as const;
export type Status = (typeof STATUS)[number];
/** The first statuses of STATUS are the service's answers: what was checked. */
const CHECKED_STATUSES = 3;
const ORIGINS = ['paid', 'reused', 'local'] as const;
export type Origin = (typeof ORIGINS)[number];

export interface OutcomeRecord {
  index: number;
  status: Status;
  provider?: string | null;
  avatar?: boolean | null;
  avatarUrl?: string | null;
  /** Absent: paid for by this job. */
  origin?: Origin;
  /** Epoch seconds a reused answer was given. */
  checkedAt?: number | null;
  /** A reused answer that was another vendor's verdict: which vendor (a later one's is none). */
  source?: VerdictVendor | null;
  /**
   * An unknown the service gave because it judged the address invalid (40002):
   * kept as a marker in the log only, so it is never asked again.
   */
  judgedInvalid?: boolean;
}

export interface OutcomeCounts {
  deliverable: number;
  undeliverable: number;
  unknown: number;
  disposable: number;
  role: number;
  /** Email + avatar: at providers the avatar check does not cover, not sent. */
  notCovered: number;
  /** On the account's suppression list, not sent. */
  suppressed: number;
  /** Decided by a block rule, not sent. */
  blocked: number;
  /** Addresses with any outcome yet. */
  done: number;
  /** Determined by the service for this job: what it charged for. */
  paid: number;
  /** Taken from the memory of earlier answers. */
  reused: number;
  /** Of those, other vendors' verdicts (verdicts/). */
  reusedFromVendors: number;
  /** Undeliverable for free: the domain takes no mail. */
  noMail: number;
}

export interface OutcomeTable {
  readonly size: number;
  has(index: number): boolean;
  get(index: number): JobOutcome | undefined;
  set(record: OutcomeRecord): void;
  counts(): OutcomeCounts;
  /** Provider name → addresses, for the results chart. */
  providers(): Record<string, number>;
}

const emptyCounts = (): OutcomeCounts => ({
  deliverable: 0,
  undeliverable: 0,
  unknown: 0,
  disposable: 0,
  role: 0,
  notCovered: 0,
  suppressed: 0,
  blocked: 0,
  done: 0,
  paid: 0,
  reused: 0,
  reusedFromVendors: 0,
  noMail: 0,
});

// An outcome's byte: its status (0: none yet; 1 + index into STATUS) in the
// low four bits, its origin (index into ORIGINS) in the next two, and its
// avatar (0: not given; 1: false; 2: true) in the two above.
const ORIGIN_SHIFT = 4;
const AVATAR_SHIFT = 6;
const statusOf = (b: number) => b & 15;
const originIn = (b: number) => ORIGINS[(b >> ORIGIN_SHIFT) & 3] as Origin;

export function createOutcomeTable(size: number): OutcomeTable {
  // A byte an address (see above); the rest only once an answer needs it.
  const outcome = new Uint8Array(size);
  // 0: none; 1 + index into providerNames. Bulk answers name none.
  let provider: Uint16Array | null = null;
  const avatarUrls = new Map<number, string>();
  // Only reused answers have a date here; made when the first one comes.
  let checkedAt: Uint32Array | null = null;
  // The vendor's number of a reused verdict (common/catalogs/vendors.ts), made when the first one comes.
  let sources: Uint8Array | null = null;
  const providerNames: string[] = [];
  const providerIds = new Map<string, number>();
  const counts = emptyCounts();
  // What each kind of outcome adds to the counts beyond its status.
  const tally = (s: Status, o: Origin, by: number) => {
    counts[s === 'not_covered' ? 'notCovered' : s] += by;
    if (o === 'paid' && (s === 'deliverable' || s === 'undeliverable')) counts.paid += by;
    else if (o === 'reused') counts.reused += by;
    else if (o === 'local' && s === 'undeliverable') counts.noMail += by;
  };

  return {
    size,
    has: (i) => statusOf(outcome[i] as number) !== 0,
    get(i) {
      const b = outcome[i] as number;
      const s = statusOf(b);
      if (!s) return undefined;
      const p = provider ? (provider[i] as number) : 0;
      const a = b >> AVATAR_SHIFT;
      const o = originIn(b);
      return {
        status: STATUS[s - 1] as Status,
        provider: p === 0 ? null : (providerNames[p - 1] ?? null),
        avatar: a === 0 ? null : a === 2,
        avatarUrl: avatarUrls.get(i) ?? (a === 0 ? null : ''),
        origin: o,
        checkedAt: o === 'reused' && checkedAt ? (checkedAt[i] as number) : null,
        ...(o === 'reused' && sources?.[i] ? { source: vendorOfCode(sources[i] as number) } : {}),
      };
    },
    set(record) {
      const i = record.index;
      if (i < 0 || i >= size) throw new RangeError(`outcome for address ${i} of ${size}`);
      const previous = outcome[i] as number;
      if (statusOf(previous) !== 0) {
        tally(STATUS[statusOf(previous) - 1] as Status, originIn(previous), -1);
        if (originIn(previous) === 'reused' && sources?.[i]) counts.reusedFromVendors -= 1;
      } else counts.done += 1;
      const o = record.origin ?? 'paid';
      const avatar = record.avatar == null ? 0 : record.avatar ? 2 : 1;
      outcome[i] =
        (STATUS.indexOf(record.status) + 1) |
        (ORIGINS.indexOf(o) << ORIGIN_SHIFT) |
        (avatar << AVATAR_SHIFT);
      tally(record.status, o, 1);
      if (o === 'reused') {
        checkedAt ??= new Uint32Array(size);
        checkedAt[i] = record.checkedAt ?? 0;
      }
      const from = o === 'reused' && record.source ? vendorCode(record.source) : 0;
      if (from !== 0 || sources) (sources ??= new Uint8Array(size))[i] = from;
      if (from !== 0) counts.reusedFromVendors += 1;
      if (record.provider != null) {
        let id = providerIds.get(record.provider);
        if (id === undefined) {
          providerNames.push(record.provider);
          id = providerNames.length;
          providerIds.set(record.provider, id);
        }
        provider ??= new Uint16Array(size);
        provider[i] = id;
      } else if (provider) provider[i] = 0;
      if (record.avatarUrl) avatarUrls.set(i, record.avatarUrl);
      else avatarUrls.delete(i);
    },
    counts: () => ({ ...counts }),
    providers() {
      const byId = new Uint32Array(providerNames.length + 1);
      // Checked addresses only (deliverable, undeliverable, unknown): one left
      // out, suppressed or blocked was never checked, and a chart of "checked
      // addresses by provider" must total what was checked (issue 48).
      for (let i = 0; i < size; i++) {
        const s = statusOf(outcome[i] as number);
        if (s === 0 || s > CHECKED_STATUSES) continue;
        const id = provider ? (provider[i] as number) : 0;
        byId[id] = (byId[id] as number) + 1;
      }
      const out: Record<string, number> = {};
      providerNames.forEach((name, k) => {
        const n = byId[k + 1] as number;
        if (n > 0) out[name === '' ? 'not registered' : name] = n;
      });
      if ((byId[0] as number) > 0) out['not reported'] = byId[0] as number;
      return out;
    },
  };
}
