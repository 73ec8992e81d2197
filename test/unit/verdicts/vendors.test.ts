// Other vendors' result files, made from their documented columns
// (test/fixtures/verdicts/): each vendor's words in ours, a word not mapped
// kept as unknown and named, the vendor told by the columns, and a file named
// as another vendor's refused with the columns expected.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VERDICT_VENDORS, type VerdictVendor } from '../../../electron/common/catalogs/vendors';
import { AppError } from '../../../electron/lib/app-error';
import { readVerdictFile, vendorOfHeader, type VerdictRow } from '../../../electron/verdicts/read';
import { VENDOR_FILES, verdictOf } from '../../../electron/verdicts/vendors';

const fixture = (vendor: VerdictVendor) =>
  fileURLToPath(new URL(`../../fixtures/verdicts/${vendor}.csv`, import.meta.url));

async function rowsOf(vendor: VerdictVendor, named: VerdictVendor | undefined = vendor) {
  const rows: VerdictRow[] = [];
  let told: VerdictVendor | null = null;
  const read = await readVerdictFile(fixture(vendor), {
    ...(named ? { vendor: named } : {}),
    onVendor: (v) => (told = v),
    onBatch: (batch) => {
      rows.push(...batch);
    },
  });
  return { read, rows, told, byAddress: new Map(rows.map((r) => [r.address.split('@')[0], r])) };
}

/** Each fixture's rows by local part: our status, or the unmapped word. */
const EXPECTED: Record<VerdictVendor, Record<string, string>> = {
  zerobounce: {
    ann: 'deliverable',
    bob: 'undeliverable',
    cat: 'unknown',
    dan: 'unknown',
    eve: 'unknown',
    fay: 'unknown',
    gus: 'unknown',
    hal: 'unmapped:valid_maybe',
  },
  neverbounce: {
    ann: 'deliverable',
    bob: 'undeliverable',
    cat: 'unknown',
    dan: 'unknown',
    eve: 'unknown',
    fay: 'unmapped:3',
  },
  kickbox: {
    ann: 'deliverable',
    bob: 'undeliverable',
    cat: 'unknown',
    dan: 'unknown',
    eve: 'unmapped:sendable',
  },
  emailable: {
    ann: 'deliverable',
    bob: 'undeliverable',
    cat: 'unknown',
    dan: 'unknown',
    eve: 'unmapped:good',
  },
  bouncer: {
    ann: 'deliverable',
    bob: 'undeliverable',
    cat: 'unknown',
    dan: 'unknown',
    eve: 'unmapped:valid',
  },
  millionverifier: {
    ann: 'deliverable',
    bob: 'undeliverable',
    cat: 'unknown',
    dan: 'unknown',
    eve: 'unknown',
    fay: 'unknown',
    gus: 'unmapped:okay',
  },
};

describe("other vendors' result files", () => {
  it.each(VERDICT_VENDORS)(
    'reads %s words as ours, the unmapped kept as unknown',
    async (vendor) => {
      const { rows, byAddress, read } = await rowsOf(vendor);
      const seen = Object.fromEntries(
        [...byAddress].map(([local, r]) => [
          local,
          r.unmapped === null ? r.status : `unmapped:${r.unmapped}`,
        ]),
      );
      expect(seen).toEqual(EXPECTED[vendor]);
      expect(rows.every((r) => r.unmapped === null || r.status === 'unknown')).toBe(true);
      expect(read.vendor).toBe(vendor);
      expect(read.rows).toBe(rows.length + read.noAddress);
    },
  );

  it.each(VERDICT_VENDORS)('recognises a %s file by its columns', async (vendor) => {
    const { told, read } = await rowsOf(vendor, undefined);
    expect(told).toBe(vendor);
    expect(read.vendor).toBe(vendor);
  });

  it('never maps a risk or a non-answer to deliverable', () => {
    for (const vendor of VERDICT_VENDORS) {
      const file = VENDOR_FILES[vendor];
      const deliverable = Object.entries(file.words)
        .filter(([, ours]) => ours === 'deliverable')
        .map(([word]) => word);
      expect(deliverable.length, vendor).toBe(1);
      expect(['valid', 'deliverable', 'ok']).toContain(deliverable[0]);
    }
    const zb = VENDOR_FILES.zerobounce;
    for (const word of ['catch-all', 'Catch_All', 'spamtrap', 'abuse', 'do_not_mail', 'unknown']) {
      expect(verdictOf(zb, word), word).toBe('unknown');
    }
    expect(verdictOf(zb, ' VALID ')).toBe('deliverable');
    expect(verdictOf(VENDOR_FILES.kickbox, 'risky')).toBe('unknown');
    expect(verdictOf(VENDOR_FILES.millionverifier, 'catch_all')).toBe('unknown');
    expect(verdictOf(VENDOR_FILES.neverbounce, 'disposable')).toBe('unknown');
    expect(verdictOf(VENDOR_FILES.neverbounce, '0')).toBeNull();
  });

  it("takes ZeroBounce's processed_at as the verdict's date, and leaves a row without an address out", async () => {
    const { byAddress, read } = await rowsOf('zerobounce');
    expect(byAddress.get('ann')?.checkedAt).toBe(Date.UTC(2026, 9, 3, 14, 5, 11) / 1000);
    expect(byAddress.get('bob')?.checkedAt).toBeNull();
    expect(read.noAddress).toBe(1);
  });

  it('refuses a file whose columns are not the named vendor, saying which were expected', async () => {
    const refusal = await readVerdictFile(fixture('kickbox'), {
      vendor: 'emailable',
      onBatch: () => undefined,
    }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('bad_file');
    expect((refusal as AppError).message).toContain('"email", "state" and "reason"');
    expect((refusal as AppError).message).toContain('"result"');
    // Both have result and an address, but the columns say Kickbox.
    expect(() =>
      vendorOfHeader(['email', 'result', 'reason', 'sendex'], 'k.csv', 'neverbounce'),
    ).toThrow(/looks like a Kickbox file: choose Kickbox instead/);
    expect(() => vendorOfHeader(['name', 'phone'], 'x.csv')).toThrow(/none of the result files/);
    expect(vendorOfHeader(['Email', 'Email Status'], 'nb.csv', 'neverbounce')).toBe('neverbounce');
  });
});
