// The team store's channels of the contract (contract.ts spreads them in).
// The window types the store's address (with its password) by the user's own
// gesture in Settings → Team; main tests it there and sends the password
// nowhere else. What comes back never holds the password.
import { z } from 'zod';
import type { TeamTestView, TeamView } from '../common/team-views';
import { count, text, viewOf } from './view-of';

export const teamViewSchema = viewOf<TeamView>()(
  z.strictObject({
    url: text.nullable(),
    connected: z.boolean(),
    target: text.nullable(),
    serverVersion: text.nullable(),
    schemaVersion: count.nullable(),
    answers: count.nullable(),
    answersNote: text.nullable(),
    waiting: count.nullable(),
    error: text.nullable(),
    warning: text.nullable(),
  }),
);

export const teamTestViewSchema = viewOf<TeamTestView>()(
  z.strictObject({
    target: text,
    serverVersion: text,
    schemaVersion: count,
    migrated: z.array(count),
    encrypted: z.boolean(),
    canReadWrite: z.boolean(),
  }),
);

/** A postgres:// address as typed; main judges it (url.ts) before anything connects. */
const teamUrlInput = z
  .string()
  .trim()
  .min(1, 'Type the team store’s address: postgres://user:password@host:5432/list_cleaner.')
  .max(2048, 'That address is too long for a team store’s.');

export const teamChannels = {
  /** The saved store: what it is, its schema, the account's answers there, or why it is out of reach. */
  'team:status': { input: z.undefined(), output: teamViewSchema },
  /** Tests the address, then saves it: the address to settings, the password to the keychain. */
  'team:connect': { input: z.strictObject({ url: teamUrlInput }), output: teamViewSchema },
  /** Tests the typed address, or without one the saved store; nothing is saved. */
  'team:test': {
    input: z.strictObject({ url: teamUrlInput.optional() }),
    output: teamTestViewSchema,
  },
  /** Forgets the store's address and password; the store itself keeps its answers. */
  'team:remove': { input: z.undefined(), output: teamViewSchema },
} as const;
