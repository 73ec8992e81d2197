import { describe, expect, it } from 'vitest';
import { channelNames, type ChannelName } from '../../../electron/ipc/channels';
import {
  MAX_PASTE_CHARS,
  MIN_POLL_SECONDS,
  contract,
  eventsCovered,
} from '../../../electron/ipc/contract';

const accepts = (channel: ChannelName, input: unknown): boolean =>
  contract[channel].input.safeParse(input).success;

function firstIssue(channel: ChannelName, input: unknown): string {
  const parsed = contract[channel].input.safeParse(input);
  if (parsed.success) throw new Error(`${channel} accepted ${JSON.stringify(input)}`);
  return parsed.error.issues[0]?.message ?? '';
}

const KEY = 'sk_live_abcd1a2b';

describe('IPC contract', () => {
  it('has a schema for every channel, and no schema without a channel', () => {
    expect(Object.keys(contract).sort()).toEqual([...channelNames].sort());
    for (const channel of channelNames) {
      expect(typeof contract[channel].input.safeParse, channel).toBe('function');
    }
  });

  it('has a payload type for every event', () => {
    expect(eventsCovered).toBe(true);
  });

  const noInput: ChannelName[] = [
    'key:status',
    'key:clear',
    'key:confirm',
    'demo:start',
    'balance:get',
    'settings:get',
    'job:list',
    'file:choose',
    'update:status',
    'update:restart',
    'rules:list',
  ];

  const validSamples: Partial<Record<ChannelName, unknown>> = {
    'list:import': { token: 'Zm9vYmFyYmF6cXV4MTIzNA' },
    'list:column': { jobId: '20261121-abc123', column: 2 },
    'list:review': { jobId: '20261121-abc123' },
    'job:estimate': { jobId: '20261121-abc123', product: 'email' },
    'job:start': { jobId: '20261121-abc123', product: 'avatar' },
    'job:resume': { jobId: '20261121-abc123' },
    'job:continue': { jobId: '20261121-abc123' },
    'job:remove': { jobId: '20261121-abc123' },
    'job:summary': { jobId: '20261121-abc123' },
    'job:rows': { jobId: '20261121-abc123', offset: 0, limit: 100 },
    'job:export': {
      jobId: '20261121-abc123',
      filter: 'deliverable',
      columns: ['email_status'],
      bom: true,
      format: 'xlsx',
    },
    'job:split': {
      jobId: '20261121-abc123',
      columns: ['email_status', 'email_flags'],
      bom: false,
      format: 'csv',
    },
    'list:paste': { text: 'ann@example.com\nbob@example.org' },
    'list:sheet': { jobId: '20261121-abc123', sheet: 3 },
    'file:show': { fileId: 'c2F2ZWRfZmlsZV9pZF8xMg' },
    'check:one': { address: 'jane@example.com', product: 'email' },
    'rules:add': { texts: ['*@competitor.com', '.ru'], action: 'block' },
    'rules:remove': { id: '0123456789ab' },
  };

  it.each(Object.keys(validSamples) as ChannelName[])(
    '%s accepts its input and refuses extra fields, a foreign job id and nothing at all',
    (channel) => {
      const sample = validSamples[channel] as Record<string, unknown>;
      expect(accepts(channel, sample)).toBe(true);
      expect(accepts(channel, { ...sample, extra: 1 })).toBe(false);
      expect(accepts(channel, undefined)).toBe(false);
      if ('jobId' in sample) {
        expect(accepts(channel, { ...sample, jobId: '../../etc/passwd' })).toBe(false);
      }
    },
  );

  it('bounds what may be pasted, and a sheet by its place', () => {
    expect(accepts('list:paste', { text: '' })).toBe(false);
    expect(accepts('list:paste', { text: 'x'.repeat(MAX_PASTE_CHARS + 1) })).toBe(false);
    expect(accepts('list:paste', { text: 'x'.repeat(MAX_PASTE_CHARS) })).toBe(true);
    expect(accepts('list:sheet', { jobId: 'a-1', sheet: -1 })).toBe(false);
    expect(accepts('list:sheet', { jobId: 'a-1', sheet: 'April' })).toBe(false);
  });

  it('bounds the rows a table may ask for at once, and the export columns', () => {
    const rows = { jobId: 'a-1', offset: 0, limit: 100 };
    expect(accepts('job:rows', { ...rows, limit: 1_001 })).toBe(false);
    expect(accepts('job:rows', { ...rows, offset: -1 })).toBe(false);
    const exp = {
      jobId: 'a-1',
      filter: 'all',
      columns: ['email_status'],
      bom: false,
      format: 'csv',
    };
    expect(accepts('job:export', exp)).toBe(true);
    expect(accepts('job:export', { ...exp, format: 'ods' })).toBe(false);
    expect(accepts('job:export', { ...exp, format: undefined })).toBe(false);
    expect(accepts('job:export', { ...exp, columns: [] })).toBe(false);
    expect(accepts('job:export', { ...exp, columns: ['password'] })).toBe(false);
    expect(accepts('job:export', { ...exp, filter: 'everything' })).toBe(false);
    expect(accepts('job:start', { jobId: 'a-1', product: 'email_batch' })).toBe(false);
  });

  it.each(noInput)('%s takes no input at all', (channel) => {
    expect(accepts(channel, undefined)).toBe(true);
    for (const input of [null, {}, [], '', 0, false, { apiKey: KEY }]) {
      expect(accepts(channel, input), JSON.stringify(input)).toBe(false);
    }
  });
});

describe('key:set', () => {
  it.each([
    { apiKey: KEY },
    { apiKey: KEY, baseUrl: 'https://api.example.com' },
    { apiKey: KEY, baseUrl: 'http://127.0.0.1:4010/' },
    { apiKey: 'a'.repeat(8) },
    { apiKey: 'a'.repeat(512) },
    { apiKey: '!"#$%&\'()*+,-./~' },
  ])('accepts %j', (input) => {
    expect(accepts('key:set', input)).toBe(true);
  });

  it('trims a pasted key', () => {
    expect(contract['key:set'].input.parse({ apiKey: `\t ${KEY} \n` })).toEqual({ apiKey: KEY });
  });

  it.each([
    { name: 'an extra field', input: { apiKey: KEY, admin: true } },
    { name: 'a misspelt field', input: { apikey: KEY } },
    { name: 'no key', input: {} },
    { name: 'a key that is not a string', input: { apiKey: 12345678 } },
    { name: 'a key of 7 characters', input: { apiKey: 'a'.repeat(7) } },
    { name: 'a key short once trimmed', input: { apiKey: '   abc   ' } },
    { name: 'a key of 513 characters', input: { apiKey: 'a'.repeat(513) } },
    { name: 'a key with a space inside', input: { apiKey: 'sk_live abcd1a2b' } },
    { name: 'a key with a non-ASCII character', input: { apiKey: 'sk_live_abcd1a2bé' } },
    { name: 'a key with a control character', input: { apiKey: 'sk_live_\u0000abcd1a2b' } },
    { name: 'an ftp: base URL', input: { apiKey: KEY, baseUrl: 'ftp://api.example.com' } },
    { name: 'a file: base URL', input: { apiKey: KEY, baseUrl: 'file:///etc/passwd' } },
    { name: 'a javascript: base URL', input: { apiKey: KEY, baseUrl: 'javascript:alert(1)' } },
    { name: 'a data: base URL', input: { apiKey: KEY, baseUrl: 'data:text/plain,hi' } },
    { name: 'a base URL that is not a URL', input: { apiKey: KEY, baseUrl: 'api.example.com' } },
    { name: 'an empty base URL', input: { apiKey: KEY, baseUrl: '' } },
    {
      name: 'a base URL over 2048 characters',
      input: { apiKey: KEY, baseUrl: `https://api.example.com/${'a'.repeat(2048)}` },
    },
    { name: 'a null base URL', input: { apiKey: KEY, baseUrl: null } },
  ])('rejects $name', ({ input }) => {
    expect(accepts('key:set', input)).toBe(false);
  });

  it('tells the user what to do about a short key or a bad address', () => {
    expect(firstIssue('key:set', { apiKey: 'short' })).toMatch(/too short/);
    expect(firstIssue('key:set', { apiKey: KEY, baseUrl: 'ftp://x.example' })).toBe(
      'The service address must start with https:// (it starts with ftp://).',
    );
  });

  it('says why a plain http:// address elsewhere is refused', () => {
    expect(firstIssue('key:set', { apiKey: KEY, baseUrl: 'http://api.example.com' })).toMatch(
      /^The service address starts with http:\/\/, which is not encrypted: anyone on the way could read your API key/,
    );
  });
});

describe('settings:update', () => {
  it.each([
    {},
    { theme: 'dark' },
    { theme: 'light' },
    { theme: 'system' },
    { pollIntervalSeconds: MIN_POLL_SECONDS },
    { pollIntervalSeconds: 3600 },
    { baseUrl: 'https://api.example.com/v1/' },
    { baseUrl: 'http://localhost:4010', theme: 'dark', pollIntervalSeconds: 60 },
    { baseUrl: 'http://127.0.0.2:8787' },
    { baseUrl: 'http://[::1]:8787/api' },
    { billingUrl: 'https://billing.example.com/account/top-up?plan=pro' },
    { billingUrl: null },
  ])('accepts %j', (input) => {
    expect(accepts('settings:update', input)).toBe(true);
  });

  it('asks the service to be polled no more often than every 30 seconds', () => {
    expect(MIN_POLL_SECONDS).toBe(30);
  });

  it.each([
    { name: 'a poll interval under 30 seconds', input: { pollIntervalSeconds: 29 } },
    { name: 'a poll interval of 0', input: { pollIntervalSeconds: 0 } },
    { name: 'a negative poll interval', input: { pollIntervalSeconds: -60 } },
    { name: 'a poll interval over an hour', input: { pollIntervalSeconds: 3601 } },
    { name: 'a fractional poll interval', input: { pollIntervalSeconds: 30.5 } },
    { name: 'a poll interval given as text', input: { pollIntervalSeconds: '60' } },
    { name: 'an infinite poll interval', input: { pollIntervalSeconds: Infinity } },
    { name: 'NaN', input: { pollIntervalSeconds: Number.NaN } },
    { name: 'an unknown theme', input: { theme: 'purple' } },
    { name: 'a non-http base URL', input: { baseUrl: 'file:///etc/passwd' } },
    { name: 'plain http elsewhere', input: { baseUrl: 'http://api.example.com' } },
    { name: 'plain http on the local network', input: { baseUrl: 'http://10.0.0.1:8787' } },
    {
      name: 'plain http to a look-alike of loopback',
      input: { baseUrl: 'http://127.0.0.1.nip.io' },
    },
    {
      name: 'plain http to a look-alike of localhost',
      input: { baseUrl: 'http://localhost.evil.example' },
    },
    { name: 'credentials in the address', input: { baseUrl: 'https://user:pw@api.example.com' } },
    // The billing page opens in the user's browser: https only, nothing that starts a program.
    { name: 'a plain http billing page', input: { billingUrl: 'http://billing.example.com' } },
    { name: 'a billing page on loopback http', input: { billingUrl: 'http://127.0.0.1:8787/pay' } },
    { name: 'a file billing page', input: { billingUrl: 'file:///etc/passwd' } },
    { name: 'a custom-scheme billing page', input: { billingUrl: 'ms-settings:privacy' } },
    { name: 'a javascript billing page', input: { billingUrl: 'javascript:alert(1)' } },
    { name: 'a billing page that is not a URL', input: { billingUrl: 'add funds' } },
    { name: 'a billing page with credentials', input: { billingUrl: 'https://u:p@pay.example' } },
    { name: 'an extra field', input: { account: 'key' } },
    { name: 'the API key smuggled in', input: { apiKey: KEY } },
    { name: 'undefined', input: undefined },
    { name: 'null', input: null },
  ])('rejects $name', ({ input }) => {
    expect(accepts('settings:update', input)).toBe(false);
  });
});

describe('paths', () => {
  it('are never an input: list:import takes a token, file:show the id of a saved file', () => {
    for (const path of ['/home/me/contacts.csv', 'C:\\Users\\me\\contacts.csv', '/etc']) {
      expect(accepts('list:import', { path })).toBe(false);
      expect(accepts('list:import', { token: path })).toBe(false);
      expect(accepts('file:show', { path })).toBe(false);
      expect(accepts('file:show', { fileId: path })).toBe(false);
    }
    expect(firstIssue('list:import', { token: '/etc/passwd' })).toMatch(/drop on its window/);
    expect(firstIssue('file:show', { fileId: '/etc' })).toMatch(/only files it saved itself/);
  });
});
