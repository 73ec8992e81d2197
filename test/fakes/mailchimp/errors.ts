// Mailchimp's error shape: "Mailchimp uses ... problem detail documents
// (RFC 7807)" with type, title, status, detail and instance, served as
// application/problem+json (https://mailchimp.com/developer/marketing/docs/errors/).
// The titles are the error glossary's; `errors` lists field-level problems
// the way an "Invalid Resource" answer does.
import { randomUUID } from 'node:crypto';
import type { FakeReply } from '../common/server';

export const ERROR_DOCS = 'https://mailchimp.com/developer/marketing/docs/errors/';

export function problem(
  status: number,
  title: string,
  detail: string,
  errors?: { field: string; message: string }[],
): FakeReply {
  return {
    status,
    contentType: 'application/problem+json; charset=utf-8',
    json: {
      type: ERROR_DOCS,
      title,
      status,
      detail,
      instance: randomUUID(),
      ...(errors === undefined ? {} : { errors }),
    },
  };
}

export const notFound = () =>
  problem(404, 'Resource Not Found', 'The requested resource could not be found.');

export const invalidResource = (detail: string, errors?: { field: string; message: string }[]) =>
  problem(400, 'Invalid Resource', detail, errors);

/** "TooManyRequests: You have exceeded the limit of 10 simultaneous connections." (the glossary's 429). */
export const tooManyRequests = () =>
  problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.');

export const apiKeyMissing = () =>
  problem(401, 'API Key Missing', 'Your request did not include an API key.');

export const apiKeyInvalid = () =>
  problem(
    401,
    'API Key Invalid',
    "Your API key may be invalid, or you've attempted to access the wrong datacenter.",
  );
