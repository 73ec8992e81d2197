// The platforms' exports are told apart by their headers alone (and a file's
// name where two share their columns), each row becomes the entry the
// platform meant: its reason, its date in UTC and its own words; a list of
// any other columns is suppressed by hand, and one without addresses is
// refused. The fixtures are made from the documented columns (see the top of
// electron/suppression/formats.ts).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseDate, recognise, type SuppressionRow } from '../../../electron/suppression/formats';
import { readSuppressionFile } from '../../../electron/suppression/read';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/suppression/${name}`, import.meta.url));

async function read(name: string) {
  const rows: SuppressionRow[] = [];
  const result = await readSuppressionFile(fixture(name), { onBatch: (b) => void rows.push(...b) });
  return { ...result, entries: rows };
}

describe('each platform export is recognised and mapped', () => {
  it('Mailchimp cleaned members (BOM, CRLF): hard bounces at CLEAN_TIME, a row without an address left out', async () => {
    const got = await read('mailchimp-cleaned.csv');
    expect(got.format).toBe('mailchimp-cleaned');
    expect(got).toMatchObject({ rows: 3, kept: 2, skipped: 1 });
    expect(got.entries[0]).toEqual({
      address: 'gone.away@example.com',
      reason: 'hard_bounce',
      date: '2025-03-02T11:00:00.000Z',
      detail: 'cleaned: Spring sale',
    });
    expect(got.entries[1]?.detail).toBe('cleaned');
  });

  it("Mailchimp unsubscribed members: the person's own reason kept, UTF-8 as written", async () => {
    const got = await read('mailchimp-unsubscribed.csv');
    expect(got.format).toBe('mailchimp-unsubscribed');
    expect(got.entries).toEqual([
      {
        address: 'left@example.com',
        reason: 'unsubscribe',
        date: '2025-06-01T12:00:00.000Z',
        detail: 'I no longer want to receive these emails',
      },
      {
        address: 'other-reason@example.net',
        reason: 'unsubscribe',
        date: '2025-06-02T13:30:00.000Z',
        detail: 'Other: Too many emails — ça suffit',
      },
    ]);
  });

  it('an export saved by Excel in Windows-1252 is read as such', async () => {
    const got = await read('mailchimp-unsubscribed-windows-1252.csv');
    expect(got.format).toBe('mailchimp-unsubscribed');
    expect(got.entries).toEqual([
      {
        address: 'rene@example.fr',
        reason: 'unsubscribe',
        date: '2025-07-01T08:00:00.000Z',
        detail: 'Other: Trop de courriels, désolé',
      },
    ]);
  });

  it('SendGrid bounces: 5.x.x hard, 4.x.x soft, Unix times', async () => {
    const got = await read('sendgrid-bounces.csv');
    expect(got.format).toBe('sendgrid-bounces');
    expect(got.entries.map((r) => [r.address, r.reason, r.date])).toEqual([
      ['bounced@example.com', 'hard_bounce', '2024-12-01T00:00:00.000Z'],
      ['full-mailbox@example.org', 'soft_bounce', '2024-12-02T00:00:00.000Z'],
    ]);
    expect(got.entries[0]?.detail).toMatch(/^5\.1\.1: 550 5\.1\.1 The email account/);
  });

  it("SendGrid blocks share the bounces' columns and are told by the file name: soft bounces", async () => {
    const got = await read('sendgrid-blocks.csv');
    expect(got.format).toBe('sendgrid-blocks');
    expect(got.entries[0]).toMatchObject({ address: 'blocked@example.com', reason: 'soft_bounce' });
  });

  it.each([
    ['sendgrid-spam-reports.csv', 'sendgrid-spam-reports', 'complaint'],
    ['sendgrid-invalid-emails.csv', 'sendgrid-invalid-emails', 'other'],
    ['sendgrid-unsubscribes.csv', 'sendgrid-unsubscribes', 'unsubscribe'],
    ['mailgun-complaints.csv', 'mailgun-complaints', 'complaint'],
    ['mailgun-unsubscribes.csv', 'mailgun-unsubscribes', 'unsubscribe'],
  ] as const)('%s is %s, every row %s', async (file, format, reason) => {
    const got = await read(file);
    expect(got.format).toBe(format);
    expect(got.entries.length).toBeGreaterThan(0);
    for (const row of got.entries) {
      expect(row.reason).toBe(reason);
      expect(row.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it('SendGrid unsubscribes: a date as well as Unix seconds', async () => {
    const got = await read('sendgrid-unsubscribes.csv');
    expect(got.entries.map((r) => r.date)).toEqual([
      '2024-12-06T00:00:00.000Z',
      '2024-12-07T00:00:00.000Z',
    ]);
  });

  it('Mailgun bounces: the SMTP code decides, RFC 2822 dates', async () => {
    const got = await read('mailgun-bounces.csv');
    expect(got.format).toBe('mailgun-bounces');
    expect(got.entries).toEqual([
      {
        address: 'mg-hard@example.com',
        reason: 'hard_bounce',
        date: '2024-12-02T10:15:00.000Z',
        detail: '550: No such mailbox',
      },
      {
        address: 'mg-soft@example.com',
        reason: 'soft_bounce',
        date: '2024-12-03T11:00:00.000Z',
        detail: '421: Try again later',
      },
    ]);
  });

  it('Postmark suppressions: the three reasons, zones brought to UTC', async () => {
    const got = await read('postmark-suppressions.csv');
    expect(got.format).toBe('postmark-suppressions');
    expect(got.entries.map((r) => [r.reason, r.date, r.detail])).toEqual([
      ['hard_bounce', '2024-12-01T15:00:00.000Z', 'HardBounce: Recipient'],
      ['complaint', '2024-12-02T10:00:00.000Z', 'SpamComplaint: Recipient'],
      ['manual', '2024-12-03T10:00:00.000Z', 'ManualSuppression: Customer'],
    ]);
  });

  it('Postmark bounces: by bounce type', async () => {
    const got = await read('postmark-bounces.csv');
    expect(got.format).toBe('postmark-bounces');
    expect(got.entries.map((r) => [r.address, r.reason])).toEqual([
      ['pm-bounce@example.com', 'hard_bounce'],
      ['pm-transient@example.com', 'soft_bounce'],
      ['pm-complaint@example.com', 'complaint'],
    ]);
    expect(got.entries[0]?.detail).toBe('HardBounce: smtp;550 5.1.1 unknown user');
    expect(got.entries[0]?.date).toBe('2024-12-04T13:02:10.413Z');
  });

  it('Amazon SES suppression list: BOUNCE is a hard bounce, COMPLAINT a complaint', async () => {
    const got = await read('ses-suppression-list.csv');
    expect(got.format).toBe('ses-suppression-list');
    expect(got.entries).toEqual([
      {
        address: 'ses-bounce@example.com',
        reason: 'hard_bounce',
        date: '2024-11-30T18:20:00.000Z',
        detail: 'BOUNCE',
      },
      {
        address: 'ses-complaint@example.com',
        reason: 'complaint',
        date: '2024-11-30T20:53:20.000Z',
        detail: 'COMPLAINT',
      },
    ]);
  });
});

describe('any other list', () => {
  it('with an email column (semicolons, an address in angle brackets): manual, no date', async () => {
    const got = await read('manual-list.csv');
    expect(got.format).toBe('manual');
    expect(got).toMatchObject({ rows: 3, kept: 2, skipped: 1 });
    expect(got.entries).toEqual([
      { address: 'eve@example.com', reason: 'manual', date: null, detail: '' },
      { address: 'finn@example.org', reason: 'manual', date: null, detail: '' },
    ]);
  });

  it('with columns no platform uses: the addresses found by their content, manual', async () => {
    const got = await read('unknown-columns.csv');
    expect(got.format).toBe('manual');
    expect(got.entries.map((r) => r.address)).toEqual(['gina@example.com', 'hugo@example.net']);
  });

  it('without addresses is refused, saying why', async () => {
    await expect(read('no-addresses.csv')).rejects.toMatchObject({
      code: 'bad_file',
      message: expect.stringMatching(/no column of addresses/),
    });
  });

  it('a list without a header row is manual too', () => {
    const format = recognise([['a@example.com'], ['b@example.com']], 'plain.txt');
    expect(format?.id).toBe('manual');
    expect(format?.hasHeader).toBe(false);
    expect(format?.map(['A@Example.com'])).toEqual({
      address: 'a@example.com',
      reason: 'manual',
      date: null,
      detail: '',
    });
  });

  it('an "email, created" list with more columns is no SendGrid unsubscribe list', () => {
    const format = recognise(
      [
        ['email', 'created', 'plan'],
        ['k@example.com', '2024-01-01', 'pro'],
      ],
      'crm.csv',
    );
    expect(format?.id).toBe('manual');
  });
});

describe('rows a platform never writes', () => {
  it("a cell past the schema's bound leaves the row out", () => {
    const format = recognise([['email', 'created', 'ip']], 'spam.csv');
    expect(format?.map(['x@example.com', '1733270400', '1'.repeat(5000)])).toBeNull();
    expect(format?.map(['x@example.com', '1733270400', '192.0.2.1'])).not.toBeNull();
  });

  it('a long bounce text is clipped', () => {
    const format = recognise([['address', 'code', 'error', 'created_at']], 'b.csv');
    const row = format?.map(['x@example.com', '550', 'y'.repeat(1000), '']);
    expect(row?.detail.length).toBe(200);
    expect(row?.date).toBeNull();
  });
});

describe('parseDate', () => {
  it.each([
    ['1733011200', '2024-12-01T00:00:00.000Z'],
    ['1733011200000', '2024-12-01T00:00:00.000Z'],
    ['2024-12-01', '2024-12-01T00:00:00.000Z'],
    ['2024-12-01 10:20:30', '2024-12-01T10:20:30.000Z'],
    ['2024-12-01T10:20:30+02:00', '2024-12-01T08:20:30.000Z'],
    ['Sun, 01 Dec 2024 10:00:00 GMT', '2024-12-01T10:00:00.000Z'],
    ['', null],
    ['last week', null],
    ['0', null],
    ['1888-01-01', null],
  ])('%j is %j', (raw, iso) => {
    expect(parseDate(raw)).toBe(iso);
  });
});
