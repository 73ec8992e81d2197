// JSON:API paging and filtering as Klaviyo's API overview describes them
// (developers.klaviyo.com/en/reference/api-overview, #pagination and
// #filtering, linked from every operation of the OpenAPI document): a
// `page[size]` with a per-endpoint minimum of 1 and maximum (10 for lists,
// 100 for list members, profiles and import errors), an opaque
// `page[cursor]`, and `links.self` / `links.next` / `links.prev` as whole
// URLs; a filter written `equals(field,"value")` or `any(field,["a","b"])`.
// Assumed: the cursor's contents (base64 of a position here), that a size
// out of range is a 400 naming the parameter, and that the filter's values
// may be quoted with ' or ".
import { intParam } from '../common/body';
import type { FakeReply } from '../common/server';
import { invalid } from './errors';

export interface PageRequest {
  size: number;
  /** The position after which this page starts (null for the first page). */
  after: number | null;
}

export function pageOf(
  query: URLSearchParams,
  max: number,
  fallback: number,
): PageRequest | FakeReply {
  const size = intParam(query, 'page[size]', fallback);
  if (Number.isNaN(size) || size < 1 || size > max) {
    return invalid(`Page size must be an integer between 1 and ${max}.`, {
      parameter: 'page[size]',
    });
  }
  const raw = query.get('page[cursor]');
  if (raw === null || raw === '') return { size, after: null };
  const m = /^after:(\d+)$/.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!m) return invalid('Invalid page cursor.', { parameter: 'page[cursor]' });
  return { size, after: Number(m[1]) };
}

export const isReply = (x: PageRequest | FakeReply): x is FakeReply => 'status' in x;

const cursorFor = (after: number) => Buffer.from(`after:${after}`).toString('base64url');

/** links.self and, when more follows, links.next: the request's own URL with the cursor set. */
export function links(
  base: string,
  path: string,
  query: URLSearchParams,
  nextAfter: number | null,
): { self: string; next?: string } {
  const self = new URL(`${base}${path}`);
  query.forEach((v, k) => self.searchParams.append(k, v));
  if (nextAfter === null) return { self: self.toString() };
  const next = new URL(self);
  next.searchParams.set('page[cursor]', cursorFor(nextAfter));
  return { self: self.toString(), next: next.toString() };
}

export interface Filter {
  op: 'equals' | 'any';
  field: string;
  values: string[];
}

function quoted(list: string): string[] | null {
  const values: string[] = [];
  const re = /\s*(["'])((?:(?!\1).)*)\1\s*(,|$)/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(list)) !== null) {
    values.push(m[2] ?? '');
    if (m[3] === '' || re.lastIndex >= list.length) break;
  }
  return re.lastIndex >= list.length || values.length > 0 ? values : null;
}

/** One `equals` or `any` condition; null when the text is not one. */
export function parseFilter(text: string): Filter | null {
  const m = /^(equals|any)\(\s*([a-z_]+)\s*,\s*(.*)\)$/s.exec(text.trim());
  if (!m) return null;
  const op = m[1] as Filter['op'];
  const rest = (m[3] ?? '').trim();
  const inner = op === 'any' ? /^\[(.*)\]$/s.exec(rest)?.[1] : rest;
  if (inner === undefined) return null;
  const values = quoted(inner);
  if (values === null || (op === 'equals' && values.length !== 1)) return null;
  return { op, field: m[2] ?? '', values };
}

export const badFilter = (detail: string) => invalid(detail, { parameter: 'filter' });
