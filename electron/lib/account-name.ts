// Whose memory of paid answers: a fingerprint of the API key (never the key
// itself, which stays in the keychain), or the demo's. Another key may be
// another account, even at another service, so answers never cross keys.
import { createHash } from 'node:crypto';

export const DEMO_MEMORY = 'demo';

export const memoryAccountOf = (apiKey: string): string =>
  `key-${createHash('sha256').update(apiKey).digest('hex').slice(0, 32)}`;
