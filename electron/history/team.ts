// The team's history and spend in the store: each finished job's summary
// (its list's name, who ran it where, when, the product, its counts and what
// it was charged; never a row or an address), read back newest first, and
// the charges per person per month. A person is the OS user who ran the job:
// one person working on a laptop and a desktop is one person whose spend
// counts once, with both machines named. Every row read is checked with zod:
// the store is shared, and a colleague's newer or damaged build may have
// written it.
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { KNOWN_VERSION, refuseNewer, schemaVersion } from '../team/migrations';

const count = z.number().int().min(0);

/** A finished job's counts: numbers only, never an address. */
export const summaryCountsSchema = z.object({
  rows: count,
  unique: count,
  deliverable: count,
  undeliverable: count,
  unknown: count,
  invalid: count,
  duplicates: count,
  /** Answers taken from the memory instead of paid for. */
  reused: count,
  /** Answers paid for. */
  paid: count,
});
export type SummaryCounts = z.infer<typeof summaryCountsSchema>;

/** A finished job as the team sees it, as sent to the store and kept on disk until then. */
export const jobSummarySchema = z.strictObject({
  id: z.string().min(1).max(200),
  listName: z.string().min(1).max(1000),
  osUser: z.string().min(1).max(256),
  machine: z.string().min(1).max(256),
  product: z.string().min(1).max(64),
  finishedAt: z.iso.datetime({ offset: true }),
  counts: summaryCountsSchema,
  /** Null: answers were paid for at a price not known where the job ran. */
  chargedMicros: count.nullable(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

/** The store's schema for reading: false when it was never set up (nothing to read yet). */
async function readable(client: PoolClient): Promise<boolean> {
  const version = await schemaVersion(client);
  refuseNewer(version, KNOWN_VERSION);
  return version > 0;
}

/**
 * Keeps a job's summary for the account, once: sent again (a retry, a
 * resend) it changes nothing, and no member rewrites or removes another's
 * (migration 7). Dated by the store's clock when it arrives, so a clock set
 * wrong shows no job finished in another month. Resolves to whether it was new.
 */
export async function pushSummary(
  client: PoolClient,
  account: string,
  summary: JobSummary,
): Promise<boolean> {
  const s = jobSummarySchema.parse(summary);
  const result = await client.query(
    'SELECT list_cleaner_push_summary($1, $2, $3, $4, $5, $6, $7, $8) AS kept',
    [
      account,
      s.id,
      s.listName,
      s.osUser,
      s.machine,
      s.product,
      JSON.stringify(s.counts),
      s.chargedMicros === null ? null : String(s.chargedMicros),
    ],
  );
  return keptRow.parse(result.rows[0]).kept;
}

const keptRow = z.object({ kept: z.boolean() });

const bigintText = z
  .string()
  .regex(/^\d{1,16}$/)
  .transform(Number);

const summaryRow = z.object({
  id: z.string().min(1),
  list_name: z.string().min(1),
  os_user: z.string().min(1),
  machine: z.string().min(1),
  product: z.string().min(1),
  finished_at: z.date(),
  // A summary from an older build may lack a count a newer one adds: none is made up.
  counts: summaryCountsSchema,
  charged_micros: bigintText.nullable(),
});

const totalRow = z.object({ total: bigintText });

export interface HistoryPage {
  /** Every summary the account has in the store. */
  total: number;
  /** Newest first. */
  summaries: JobSummary[];
  /** Rows on this page that could not be read (damaged, or from a build that writes them otherwise). */
  unreadable: number;
}

/** One page of the account's finished jobs, newest first. */
export async function readHistory(
  client: PoolClient,
  account: string,
  page: { offset: number; limit: number },
): Promise<HistoryPage> {
  if (!(await readable(client))) return { total: 0, summaries: [], unreadable: 0 };
  const total = totalRow.parse(
    (await client.query('SELECT list_cleaner_history_total($1)::text AS total', [account])).rows[0],
  ).total;
  const { rows } = await client.query('SELECT * FROM list_cleaner_history($1, $2, $3)', [
    account,
    page.limit,
    page.offset,
  ]);
  const summaries: JobSummary[] = [];
  let unreadable = 0;
  for (const raw of rows) {
    const row = summaryRow.safeParse(raw);
    if (!row.success) {
      unreadable += 1;
      continue;
    }
    const r = row.data;
    summaries.push({
      id: r.id,
      listName: r.list_name,
      osUser: r.os_user,
      machine: r.machine,
      product: r.product,
      finishedAt: r.finished_at.toISOString(),
      counts: r.counts,
      chargedMicros: r.charged_micros,
    });
  }
  return { total, summaries, unreadable };
}

/** What one person's jobs cost in one month. */
export interface SpendCell {
  /** "2026-11", in the time zone asked for. */
  month: string;
  osUser: string;
  /** The machines the person's jobs of the month ran on, in order of name. */
  machines: string[];
  jobs: number;
  /** What the jobs whose charge is known cost. */
  chargedMicros: number;
  /** Jobs whose charge is not known (answers paid for at a price never learned there). */
  unknownCharges: number;
}

const spendRow = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  os_user: z.string().min(1),
  machines: z.array(z.string()),
  jobs: count,
  charged: bigintText,
  unknown: count,
});

/**
 * The account's charges per person per month for the `months` months up to
 * and including the one `now` is in, months as the calendar of `timeZone`
 * (the user's) has them: newest month first, people by name.
 */
export async function readSpend(
  client: PoolClient,
  account: string,
  options: { months: number; timeZone: string; now: Date },
): Promise<SpendCell[]> {
  if (!(await readable(client))) return [];
  const { rows } = await client.query('SELECT * FROM list_cleaner_spend($1, $2, $3, $4)', [
    account,
    options.timeZone,
    options.now.toISOString(),
    options.months - 1,
  ]);
  return z
    .array(spendRow)
    .parse(rows)
    .map((r) => ({
      month: r.month,
      osUser: r.os_user,
      machines: r.machines,
      jobs: r.jobs,
      chargedMicros: r.charged,
      unknownCharges: r.unknown,
    }));
}
