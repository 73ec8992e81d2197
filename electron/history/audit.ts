// What changed in the team store lately, and by whom (migration 7 keeps it,
// the members cannot remove it): each entry removed from the suppression
// list (the address, why it was listed, its file, who added and who removed
// it), and answers changed to another status (how many, from what to what,
// whose they were). Read through the store's function; every row is checked,
// since the store is shared and another build may have written it.
import type { PoolClient } from 'pg';
import { z } from 'zod';
import { SUPPRESSION_REASONS, type SuppressionReason } from '../suppression/types';

export type AnswerStatus = 'deliverable' | 'undeliverable' | 'unknown';

export type AuditEntry =
  | {
      kind: 'suppression-removed';
      /** When, by the store's clock (ISO). */
      at: string;
      /** The login that removed it. */
      by: string;
      address: string;
      reason: SuppressionReason;
      /** The file it came from; null when the file is no longer known. */
      source: string | null;
      /** Removed on its own, or with its whole file. */
      how: 'address' | 'file';
      /** The login that added it; null when added before migration 7. */
      addedBy: string | null;
    }
  | {
      kind: 'answers-changed';
      at: string;
      by: string;
      /** Answers changed in that minute, from one status to another. */
      count: number;
      product: 'email' | 'avatar';
      from: AnswerStatus;
      to: AnswerStatus;
      /** Whose answers they were; null when written before migration 7. */
      wasBy: string | null;
    };

/** The days `team audit` looks back by default, and the most it may. */
export const AUDIT_DAYS = 30;
export const AUDIT_MAX_DAYS = 3660;
/** The most entries one read returns. */
const AUDIT_LIMIT = 1_000;

const STATUSES = ['deliverable', 'undeliverable', 'unknown'] as const;
const status = z
  .number()
  .int()
  .min(1)
  .max(3)
  .transform((n) => STATUSES[n - 1] as AnswerStatus);

const removedDetail = z.object({
  reason: z.number().int(),
  source: z.string().nullable(),
  how: z.enum(['address', 'file']),
  added_by: z.string().nullable(),
});
const changedDetail = z.object({
  count: z.number().int().positive(),
  product: z.union([z.literal(0), z.literal(1)]),
  from: status,
  to: status,
  was_by: z.string().nullable(),
});
const auditRow = z.object({
  kind: z.enum(['suppression-removed', 'answers-changed']),
  at: z.date(),
  by_member: z.string().min(1),
  address: z.string().nullable(),
  detail: z.unknown(),
});

/** The account's changes in the last `days` days, newest first. */
export async function readAudit(
  client: PoolClient,
  account: string,
  days: number = AUDIT_DAYS,
): Promise<AuditEntry[]> {
  const { rows } = await client.query('SELECT * FROM list_cleaner_audit($1, $2, $3)', [
    account,
    days,
    AUDIT_LIMIT,
  ]);
  return z
    .array(auditRow)
    .parse(rows)
    .map((row): AuditEntry => {
      const at = row.at.toISOString();
      if (row.kind === 'suppression-removed') {
        const d = removedDetail.parse(row.detail);
        return {
          kind: row.kind,
          at,
          by: row.by_member,
          address: z.string().min(1).parse(row.address),
          reason: SUPPRESSION_REASONS[d.reason - 1] ?? 'other',
          source: d.source,
          how: d.how,
          addedBy: d.added_by,
        };
      }
      const d = changedDetail.parse(row.detail);
      return {
        kind: row.kind,
        at,
        by: row.by_member,
        count: d.count,
        product: d.product === 1 ? 'avatar' : 'email',
        from: d.from,
        to: d.to,
        wasBy: d.was_by,
      };
    });
}
