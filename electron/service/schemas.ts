// The data of each endpoint, validated with zod. Every documented variant is
// accepted (the older submit answer, multi entries without provider, success
// without result_url yet); anything else is rejected with the field named.
import { z } from 'zod';
import { BULK_PRODUCTS, SYNC_PRODUCTS } from '../common/model';

export type { BulkProduct, SyncProduct } from '../common/model';

export const balanceData = z.object({ balance_micros: z.number().int() });

export type BalanceData = z.infer<typeof balanceData>;

export const singleData = z.object({
  service_type: z.enum(SYNC_PRODUCTS),
  identifier: z.string(),
  registered: z.boolean(),
  provider: z.string().optional(),
  avatar: z.boolean().optional(),
  avatar_url: z.string().optional(),
});

const multiEntry = z.union([
  z.object({
    identifier: z.string(),
    exists: z.literal(true),
    registered: z.boolean(),
    provider: z.string().optional(),
    avatar: z.boolean().optional(),
    avatar_url: z.string().optional(),
  }),
  z.object({ identifier: z.string(), exists: z.literal(false) }),
]);

export const multiData = z.object({
  service_type: z.enum(SYNC_PRODUCTS),
  total: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  results: z.array(multiEntry),
});

export type MultiData = z.infer<typeof multiData>;

const count = z.number().int().nonnegative();

export const bulkTaskData = z.object({
  id: z.string().min(1),
  product: z.enum(BULK_PRODUCTS),
  status: z.enum(['processing', 'success', 'failed']),
  total: count,
  created_at: z.string(),
  // Absent from the older kind of submit answer.
  submitted_lines: count.optional(),
  invalid_cnt: count.optional(),
  no_code_cnt: count.optional(),
  other_country_cnt: count.optional(),
  duplicate_cnt: count.optional(),
  preparing: z.boolean().optional(),
  success_cnt: count.optional(),
  failure_cnt: count.optional(),
  result_url: z.url().optional(),
});

export type BulkTaskData = z.infer<typeof bulkTaskData>;
