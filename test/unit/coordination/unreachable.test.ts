// A team store that cannot be reached does not stop a job: the command says
// so once, shares the limits and claims through the data folder instead, and
// the list is checked, each address paid once.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { cli, setup } from '../jobs/support';

it('a job goes on without the team store, and says so once', async () => {
  const b = await setup();
  const file = join(b.dir, 'list.csv');
  const addresses = Array.from({ length: 40 }, (_, i) => `deliverable+${i}@gmail.com`);
  await writeFile(file, `email\n${addresses.join('\n')}\n`);
  const result = await cli(['clean', file, '--json'], {
    ...b.env(),
    LIST_CLEANER_DNS_SERVERS: '127.0.0.1:9',
    // Nothing listens there.
    LIST_CLEANER_TEAM_URL: 'postgres://team@127.0.0.1:9/list_cleaner',
  });
  expect(result.code, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({ unique: 40, paid: 40 });
  const said = result.stderr.match(/nothing answered at 127\.0\.0\.1, port 9\./g) ?? [];
  expect(said).toHaveLength(1);
  expect(result.stderr).toMatch(
    /Meanwhile jobs go on with this computer’s own memory and limits; what they learn is shared when the store is back\./,
  );
}, 60_000);
