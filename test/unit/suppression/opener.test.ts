// Which list the jobs get (suppressionOpener): this computer's without a team
// store, or with one named but gone the team's; with a team store that cannot
// be reached, the look-ups come from this computer's copy, the user is told
// once, and a change is refused without being half done.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpots } from '../../../electron/lib/addresses/address-hash';
import { suppressionOpener } from '../../../electron/suppression/account';
import { AppError } from '../../../electron/lib/app-error';

const ACCOUNT = 'key-0123456789abcdef0123456789abcdef';
let dataDir: string;
const closers: (() => Promise<void>)[] = [];
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'list-cleaner-opener-'));
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await rm(dataDir, { recursive: true, force: true });
});

const open = (options: Partial<Parameters<typeof suppressionOpener>[0]> = {}) => {
  const opener = suppressionOpener({ dataDir, account: () => ACCOUNT, ...options });
  closers.push(opener.close);
  return opener;
};
const spotsOf = (addresses: readonly string[]) => {
  const spots = createSpots(addresses.length);
  for (const address of addresses) spots.addAddress(address);
  return spots.done();
};
const row = { address: 'gone@example.com', reason: 'hard_bounce', date: null, detail: '' } as const;

describe('suppressionOpener', () => {
  it("gives this computer's list without a team store, and nothing without an account", async () => {
    const local = await open({ team: async () => null }).get();
    expect(local.team).toBeUndefined();
    await local.add([row], 'a.csv');
    expect([...(await local.reasonsOf(spotsOf(['gone@example.com', 'x@example.com'])))]).toEqual([
      1, 0,
    ]);
    expect(await (await open({ account: () => null }).get()).count()).toBe(0);
  });

  it('with a team store out of reach: the copy answers, said once; changes are refused', async () => {
    // What this computer added before is its copy.
    const before = open();
    await (await before.get()).add([row], 'a.csv');
    await before.close();

    const notices: string[] = [];
    const unreachable = new AppError('network', 'Could not reach the team store at db:5432');
    const team = await open({
      team: () => Promise.reject(unreachable),
      onTeamNotice: (message, kind) => notices.push(`${kind}: ${message}`),
    }).get();
    expect(team.team).toBe(true);
    const spots = spotsOf(['gone@example.com', 'x@example.com']);
    expect([...(await team.reasonsOf(spots))]).toEqual([1, 0]);
    expect([...(await team.reasonsOf(spots))]).toEqual([1, 0]);
    expect((await team.get('gone@example.com'))?.source).toBe('a.csv');
    expect(notices).toEqual([
      'lost: Could not reach the team store at db:5432. Meanwhile jobs go on with this computer’s own memory and limits; what they learn is shared when the store is back.',
    ]);
    await expect(team.add([{ ...row, address: 'new@example.com' }], 'b.csv')).rejects.toThrow(
      "The team's suppression list could not be changed (Could not reach the team store at db:5432): the rows of b.csv read from here on were not added. Try again once the team store can be reached.",
    );
    await expect(team.sources()).rejects.toThrow(/Could not reach/);
    // Whether there is a list at all (asked before each import): the copy's answer.
    expect(await team.count()).toBe(1);
    expect(notices).toHaveLength(1);
  });
});
