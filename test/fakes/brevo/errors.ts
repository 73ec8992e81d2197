// Brevo's error body: { code, message } (the ErrorModel of the v3 OpenAPI
// document, getbrevo/brevo-node 3.0.1 model/errorModel.ts, whose `code`
// enum includes invalid_parameter, missing_parameter, out_of_range,
// document_not_found, permission_denied, duplicate_parameter, unauthorized,
// bad_request). Which code and words each refusal carries is read where
// cited below and assumed elsewhere (see test/fakes/brevo.ts).
import type { FakeReply } from '../common/server';

export function brevoError(status: number, code: string, message: string): FakeReply {
  return { status, json: { code, message } };
}

/** "Key not found" is the words integrations quote for a wrong v3 key (assumed for a missing one too). */
export const unauthorized = () => brevoError(401, 'unauthorized', 'Key not found');

export const notFound = (message: string) => brevoError(404, 'document_not_found', message);

export const invalid = (message: string) => brevoError(400, 'invalid_parameter', message);

export const outOfRange = (message: string) => brevoError(400, 'out_of_range', message);

export const duplicate = (message: string) => brevoError(400, 'duplicate_parameter', message);

/** The 429's body is not documented; the code and words are assumptions. */
export const tooManyRequests = () =>
  brevoError(429, 'too_many_requests', 'The rate limit for this endpoint has been exceeded');

export const noRoute = (method: string, path: string) =>
  brevoError(404, 'document_not_found', `No route for ${method} ${path}`);
