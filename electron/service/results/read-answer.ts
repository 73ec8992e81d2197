// One API answer, read as the client may read it: never a redirect (the
// request carries the API key, which goes only to the address the user set),
// and never more than the largest answer the interface can give.
import { hostOf } from '../../common/urls/service-url';
import { discardBody, readBoundedText } from './bounded-body';
import type { RawResponse } from '../envelope';
import { answerTooLargeError, redirectedError } from '../errors';

/**
 * The largest JSON answer read. The biggest the interface gives is a multi
 * check of 100 addresses with avatar URLs: tens of kilobytes, far below this.
 */
export const MAX_ANSWER_BYTES = 4 * 1_048_576;

/** Every 3xx: with `redirect: 'manual'`, Node's fetch hands back the answer itself. */
export const isRedirect = (status: number): boolean => status >= 300 && status < 400;

/** Where a redirect points, resolved against the address asked; null when it does not say. */
export function redirectTarget(res: Response, from: URL | string): string | null {
  return resolveLocation(res.headers.get('location'), from);
}

/** A Location header resolved against the address asked; null when there is none, or no address. */
export function resolveLocation(
  location: string | null | undefined,
  from: URL | string,
): string | null {
  if (location === null || location === undefined) return null;
  try {
    return new URL(location, from).href;
  } catch {
    return null;
  }
}

/**
 * `chargeable`: the request was one the service may have done, and charged
 * for, before its answer went wrong (a check, a submit).
 */
export async function readAnswer(
  res: Response,
  requestUrl: URL,
  endpoint: string,
  chargeable: boolean,
): Promise<RawResponse> {
  if (isRedirect(res.status)) {
    await discardBody(res);
    const target = redirectTarget(res, requestUrl);
    throw redirectedError(requestUrl.host, target === null ? null : hostOf(target), res.status);
  }
  const body = await readBoundedText(res, {
    limit: MAX_ANSWER_BYTES,
    tooLarge: () => answerTooLargeError(endpoint, MAX_ANSWER_BYTES, res.status, chargeable),
  });
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}
