// A colleague's List Cleaner with its own clock, run by store-clock.test.ts
// under libfaketime (a clock days ahead or behind): it measures its clock
// against the store's, pushes answers dated by its clock, as the memory's
// outbox does, and pulls answers into dates on its clock, as a pull does.
// Reads what to do as JSON in LC_MEMBER and prints what it saw as JSON.
import { z } from 'zod';
import { pullAnswers, pushAnswers } from '../../../electron/memory/team/answers';
import { accountIdOf } from '../../../electron/team/accounts';
import { clockSkew } from '../../../electron/team/clock';
import { openTeamStore } from '../../../electron/team/store';

const job = z
  .object({
    url: z.string(),
    password: z.string(),
    account: z.string(),
    push: z.array(
      z.object({ hash: z.string().length(32), status: z.enum(['deliverable', 'undeliverable']) }),
    ),
    pull: z.array(z.string().length(32)),
  })
  .parse(JSON.parse(process.env.LC_MEMBER ?? '{}'));

const store = await openTeamStore({ url: job.url, password: job.password });
try {
  const seen = await store.withClient(async (client) => {
    const skew = await clockSkew(client);
    const accountId = await accountIdOf(client, job.account);
    const nowSeconds = Date.now() / 1000;
    await pushAnswers(
      client,
      accountId,
      job.push.map((p) => ({
        hash: Buffer.from(p.hash, 'hex'),
        product: 'email' as const,
        outcome: { status: p.status },
        // Answered just now, by this computer's clock.
        answeredAt: nowSeconds,
      })),
    );
    const pulled = await pullAnswers(
      client,
      accountId,
      {
        hashes: Buffer.from(job.pull.join(''), 'hex'),
        emailSince: new Uint32Array(job.pull.length),
        avatarSince: new Uint32Array(job.pull.length),
      },
      nowSeconds - 30 * 86_400,
    );
    return {
      nowSeconds: Date.now() / 1000,
      skew,
      pulled: pulled.map((p) => ({
        hash: job.pull[p.index],
        status: p.outcome.status,
        answeredAt: p.answeredAt,
      })),
    };
  });
  process.stdout.write(JSON.stringify(seen));
} finally {
  await store.close();
}
