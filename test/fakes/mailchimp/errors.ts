// Mailchimp's error shape, as https://mailchimp.com/developer/marketing/docs/errors/
// shows it: a JSON document with type (that page's URL), title, status,
// detail and instance (a UUID), served as
// "Content-Type: application/problem+json; charset=utf-8". That page's
// example is a 405, "Method Not Allowed". The 404's "Resource Not Found" /
// "The requested resource could not be found." is read only in third-party
// copies of the endpoint pages (withone.ai). The other titles and details
// (401, 429, 400 and its `errors` array) are assumptions: the error glossary
// further down the errors page was not in the text that could be read.
import { randomUUID } from 'node:crypto';
import type { FakeReply } from '../common/server';

export const ERROR_DOCS = 'https://mailchimp.com/developer/marketing/docs/errors/';

export function problem(
  status: number,
  title: string,
  detail: string,
  errors?: { field: string; message: string }[],
  headers?: Record<string, string>,
): FakeReply {
  return {
    status,
    contentType: 'application/problem+json; charset=utf-8',
    ...(headers === undefined ? {} : { headers }),
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

/** The errors page's own example, word for word, with the Allow header its detail points at. */
export const methodNotAllowed = (allow: string[]) =>
  problem(
    405,
    'Method Not Allowed',
    "The requested method and resource are not compatible. See the Allow header for this resource's available methods.",
    undefined,
    { Allow: allow.join(', ') },
  );

export const invalidResource = (detail: string, errors?: { field: string; message: string }[]) =>
  problem(400, 'Invalid Resource', detail, errors);

/**
 * The limit is read ("The Marketing API has a limit of 10 concurrent
 * connections for your API key", the batch guide); the 429's title and
 * detail are assumptions.
 */
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
