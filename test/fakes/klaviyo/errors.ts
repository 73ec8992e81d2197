// Klaviyo's error body, the ClientError response of the OpenAPI document
// (github.com/klaviyo/openapi openapi/stable.json, revision 2026-07-15):
// `{ errors: [{ id, code, title, detail, source: { pointer | parameter } }] }`,
// served as application/vnd.api+json. The `status` member in each error and
// the codes and words below (not_authenticated, permission_denied, throttled,
// invalid, not_found) are assumed from Klaviyo's JSON:API habit: the spec
// names only the fields.
import { randomUUID } from 'node:crypto';
import type { FakeReply } from '../common/server';

export const JSON_API = 'application/vnd.api+json';

export function klError(
  status: number,
  code: string,
  title: string,
  detail: string,
  source: { pointer?: string; parameter?: string } = { pointer: '/data/' },
  headers?: Record<string, string>,
): FakeReply {
  return {
    status,
    contentType: JSON_API,
    ...(headers === undefined ? {} : { headers }),
    json: { errors: [{ id: randomUUID(), status, code, title, detail, source }] },
  };
}

export const notAuthenticated = (detail: string) =>
  klError(401, 'not_authenticated', 'Authentication credentials were not provided.', detail);

export const permissionDenied = (scopes: string[]) =>
  klError(
    403,
    'permission_denied',
    'You do not have permission to perform this action.',
    `This API key is missing required scopes: ${scopes.join(', ')}.`,
  );

export const invalid = (detail: string, source: { pointer?: string; parameter?: string }) =>
  klError(400, 'invalid', 'Invalid input.', detail, source);

export const notFound = (detail: string) => klError(404, 'not_found', 'Not found.', detail);

/** A 429 carries Retry-After and none of the RateLimit-* headers (the rate limits guide). */
export const throttled = (seconds: number) =>
  klError(
    429,
    'throttled',
    'Request was throttled.',
    `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { pointer: '/data/' },
    { 'Retry-After': String(seconds) },
  );
