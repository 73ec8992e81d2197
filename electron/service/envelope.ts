// Every response of the service is wrapped in { code, msg, data }. This turns
// a raw HTTP answer into either the validated data or a typed ServiceError.
import { z } from 'zod';
import { badResponseError, errorForCode } from './errors';

const envelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().optional(),
});

export interface RawResponse {
  status: number;
  body: string;
  retryAfter: string | null;
}

/** Retry-After as seconds, from either delta-seconds or an HTTP date; clamped. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    seconds = Math.ceil((at - now) / 1000);
  }
  return Math.min(Math.max(seconds, 0), 3600);
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'unexpected shape';
  const field = issue.path.length > 0 ? issue.path.join('.') : '(root)';
  return `field ${field}: ${issue.message}`;
}

export function parseEnvelope<T>(endpoint: string, res: RawResponse, dataSchema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    throw badResponseError(endpoint, 'not JSON', res.status);
  }
  const envelope = envelopeSchema.safeParse(json);
  if (!envelope.success) {
    throw badResponseError(endpoint, describeIssue(envelope.error.issues[0]), res.status);
  }
  const { code, msg, data } = envelope.data;
  if (code !== 0) throw errorForCode(code, msg, res.status, parseRetryAfter(res.retryAfter));
  const parsed = dataSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const inData = issue ? { ...issue, path: ['data', ...issue.path] } : undefined;
    throw badResponseError(
      endpoint,
      describeIssue(inData as z.core.$ZodIssue | undefined),
      res.status,
    );
  }
  return parsed.data;
}
