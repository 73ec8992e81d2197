// Request bodies at the fakes' boundary: parsed JSON checked by a zod schema,
// never trusted as a shape.
import type { z } from 'zod';

export type Parsed<T> =
  { ok: true; value: T } | { ok: false; reason: string; issues: z.core.$ZodIssue[] };

export function parseJsonBody<S extends z.ZodType>(schema: S, body: Buffer): Parsed<z.infer<S>> {
  let data: unknown;
  try {
    data = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, reason: 'the body is not valid JSON', issues: [] };
  }
  const result = schema.safeParse(data);
  if (!result.success)
    return { ok: false, reason: 'the body does not match the schema', issues: result.error.issues };
  return { ok: true, value: result.data };
}

/** A non-negative whole number from a query parameter, or the default; NaN when present but not one. */
export function intParam(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
}
