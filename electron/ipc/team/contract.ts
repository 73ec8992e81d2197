// The team store's channels of the contract (../contract.ts spreads them in).
// The window types the store's address (with its password) by the user's own
// gesture in Settings → Team; main tests it there and sends the password
// nowhere else. What comes back never holds the password.
import { z } from 'zod';
import type { TeamNoticeView } from '../../common/events';
import type {
  TeamHistoryView,
  TeamJobView,
  TeamSpendPersonView,
  TeamSpendView,
  TeamTestView,
  TeamView,
} from '../../common/views/team-views';
import { count, text, viewOf } from '../../lib/view-of';
import { inputWords } from '../input-words';

export const teamViewSchema = viewOf<TeamView>()(
  z.strictObject({
    url: text.nullable(),
    connected: z.boolean(),
    target: text.nullable(),
    serverVersion: text.nullable(),
    schemaVersion: count.nullable(),
    member: text.nullable(),
    role: z.enum(['owner', 'member']).nullable(),
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

const teamJobViewSchema = viewOf<TeamJobView>()(
  z.strictObject({
    id: text,
    listName: text,
    osUser: text,
    machine: text,
    here: z.boolean(),
    product: text,
    finishedAt: z.iso.datetime({ offset: true }),
    rows: count,
    unique: count,
    deliverable: count,
    undeliverable: count,
    unknown: count,
    invalid: count,
    duplicates: count,
    reused: count,
    paid: count,
    chargedMicros: count.nullable(),
  }),
);

export const teamHistoryViewSchema = viewOf<TeamHistoryView>()(
  z.strictObject({
    total: count,
    offset: count,
    jobs: z.array(teamJobViewSchema),
    unreadable: count,
  }),
);

const month = z.string().regex(/^\d{4}-\d{2}$/);

const teamSpendPersonViewSchema = viewOf<TeamSpendPersonView>()(
  z.strictObject({
    osUser: text,
    machines: z.array(text),
    jobs: count,
    chargedMicros: count,
    unknownCharges: count,
  }),
);

export const teamSpendViewSchema = viewOf<TeamSpendView>()(
  z.strictObject({
    from: month,
    to: month,
    months: z.array(z.strictObject({ month, people: z.array(teamSpendPersonViewSchema) })),
  }),
);

/** The most finished jobs one page of the team's history holds. */
export const TEAM_HISTORY_PAGE_MAX = 100;

/** A postgres:// address as typed; main judges it (url.ts) before anything connects. */
const teamUrlInput = z
  .string()
  .trim()
  .min(1, inputWords('error.ipc.input.teamUrl'))
  .max(2048, inputWords('error.ipc.input.teamUrlTooLong'));

/** The password typed in its own field, masked; one in the address serves as well. */
const teamPasswordInput = z.string().max(1024, inputWords('error.ipc.input.teamPasswordTooLong'));

/** The team store lost, or back: said once each time, whichever part of main noticed. */
export const teamEvents = {
  'team:notice': viewOf<TeamNoticeView>()(
    z.strictObject({ kind: z.enum(['lost', 'back', 'clock']), message: text }),
  ),
} as const;

export const teamChannels = {
  /** The saved store: what it is, its schema, the account's answers there, or why it is out of reach. */
  'team:status': { input: z.undefined(), output: teamViewSchema },
  /** Tests the address, then saves it: the address to settings, the password to the keychain. */
  'team:connect': {
    input: z.strictObject({ url: teamUrlInput, password: teamPasswordInput.optional() }),
    output: teamViewSchema,
  },
  /** Tests the typed address, or without one the saved store; nothing is saved. */
  'team:test': {
    input: z.strictObject({
      url: teamUrlInput.optional(),
      password: teamPasswordInput.optional(),
    }),
    output: teamTestViewSchema,
  },
  /** Forgets the store's address and password; the store itself keeps its answers. */
  'team:remove': { input: z.undefined(), output: teamViewSchema },
  /**
   * The store's root certificate, chosen in main's own Open dialog (the window
   * names no file), trusted by the next test or connect; null: cancelled.
   */
  'team:rootcert': {
    input: z.undefined(),
    output: z.strictObject({ fileName: text }).nullable(),
  },
  /** One page of the team's finished jobs (this account's), newest first. */
  'team:history': {
    input: z.strictObject({
      offset: count.max(1_000_000),
      limit: z.number().int().min(1).max(TEAM_HISTORY_PAGE_MAX),
    }),
    output: teamHistoryViewSchema,
  },
  /** What the team spent per person per month, the last twelve months. */
  'team:spend': { input: z.undefined(), output: teamSpendViewSchema },
} as const;
