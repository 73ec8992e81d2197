// HubSpot's error body: {status: "error", message, correlationId, category,
// ...} (the `Error` model of the CRM OpenAPI specs, e.g.
// github.com/HubSpot/hubspot-api-nodejs codegen/crm/contacts/models/ModelError.ts
// and StandardError.ts), and the 429 documented at
// https://developers.hubspot.com/docs/developer-tooling/platform/usage-guidelines
// ("message and policyName will indicate which limit you hit").
import { randomUUID } from 'node:crypto';
import type { FakeReply } from '../common/server';

export function hsError(
  status: number,
  category: string,
  message: string,
  extra: Record<string, unknown> = {},
): FakeReply {
  return {
    status,
    json: { status: 'error', message, correlationId: randomUUID(), category, ...extra },
  };
}

export const unauthorized = () =>
  hsError(
    401,
    'INVALID_AUTHENTICATION',
    'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
  );

export const notFound = (message = 'Resource not found') =>
  hsError(404, 'OBJECT_NOT_FOUND', message);

export const validation = (message: string, extra: Record<string, unknown> = {}) =>
  hsError(400, 'VALIDATION_ERROR', message, extra);

export function rateLimited(policy: 'TEN_SECONDLY_ROLLING' | 'DAILY'): FakeReply {
  const which = policy === 'DAILY' ? 'daily' : 'ten_secondly_rolling';
  return hsError(429, 'RATE_LIMITS', `You have reached your ${which} limit.`, {
    errorType: 'RATE_LIMIT',
    policyName: policy,
    requestId: randomUUID(),
  });
}
