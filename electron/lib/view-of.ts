// Each view's schema is proven at compile time to describe its view exactly
// (common/views/views.ts), so neither can change without the other; and the few
// shapes every view uses.
import { z } from 'zod';

/** True only when A and B are the same type: no field more, less, or optional on one side. */
type Same<A, B> =
  (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/**
 * The schema of the view T, typed as T (so the contract's types name the
 * view). If the schema and T differ, in a field, its type or whether it is
 * optional, the schema is "not assignable to parameter of type 'never'" here.
 */
export const viewOf =
  <T>() =>
  <S extends z.ZodType<T>>(
    schema: S & (Same<z.output<S>, T> extends true ? unknown : never),
  ): z.ZodType<T> =>
    schema;

/** Rows, bytes and addresses. */
export const count = z.number().int().min(0);

/** Money, in micros of USD. */
export const micros = z.number().int();

export const text = z.string();
