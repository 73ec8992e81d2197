// The single IPC contract: every channel the renderer may call (zod schemas for
// its input and its output) and every event main pushes (one for its payload).
// Main validates every input before its handler runs and checks every output
// and payload (registry.ts); the renderer takes its types from here; nothing
// else crosses. Each domain keeps its channels, their schemas and their
// handlers in a folder of its own (account/, settings/, jobs/, app/,
// platforms/, team/, bounces/, rules/, suppression/, verdicts/); this file
// puts them together, and channels.ts names them for the preload.
import type { z } from 'zod';
import type { ChannelName, EventName } from './channels';
import type { EventPayloads } from '../common/events';
import { MAX_PASTE_CHARS, MIN_POLL_SECONDS } from '../common/limits';
import { accountChannels, accountEvents } from './account/contract';
import { appChannels, appEvents } from './app/contract';
import { bouncesChannels } from './bounces/contract';
import { jobsChannels, jobsEvents } from './jobs/contract';
import { platformChannels, platformEvents } from './platforms/contract';
import { rulesChannels } from './rules/contract';
import { baseUrlSchema, billingUrlSchema } from './settings/schemas';
import { settingsChannels, settingsEvents } from './settings/contract';
import { suppressionChannels } from './suppression/contract';
import { teamChannels, teamEvents } from './team/contract';
import { verdictChannels } from './verdicts/contract';
import { watchesChannels, watchesEvents } from './watches/contract';

export type {
  AccountStatus,
  Balance,
  SettingsView,
  JobView,
  ColumnView,
  ImportView,
  ImportProgressView,
  EstimateView,
  CoverageView,
  JobSummaryView,
  JobRowView,
  FileGrantView,
  ExportView,
  StatusExportView,
  DomainsView,
  ForecastView,
  DomainStats,
  RowFilter,
  SeenBeforeView,
  SheetView,
  WorkbookView,
  CheckView,
  UpdateView,
} from '../common/views/views';
export type {
  ExportFormat,
  JobProduct,
  JobStateName,
  OthersChoice,
  RowFlag,
  RowStatusName,
  StatusGroup,
  Theme,
} from '../common/model';

export { MAX_PASTE_CHARS, MIN_POLL_SECONDS };

export type { ErrorCode, IpcError, IpcResult } from '../common/result';

export { baseUrlSchema, billingUrlSchema };

export const contract = {
  ...accountChannels,
  ...settingsChannels,
  ...jobsChannels,
  ...appChannels,
  ...platformChannels,
  ...teamChannels,
  ...bouncesChannels,
  ...rulesChannels,
  ...suppressionChannels,
  ...verdictChannels,
  ...watchesChannels,
} as const satisfies Record<ChannelName, { input: z.ZodType; output: z.ZodType }>;

export type Contract = typeof contract;
export type ChannelInput<C extends ChannelName> = z.output<Contract[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Contract[C]['output']>;

/** Every event main pushes, with the schema of its payload (common/events.ts, whose types they are). */
export const eventPayloads = {
  ...accountEvents,
  ...settingsEvents,
  ...jobsEvents,
  ...appEvents,
  ...platformEvents,
  ...teamEvents,
  ...watchesEvents,
} as const satisfies { [E in EventName]: z.ZodType<EventPayloads[E]> };

export type { EventBus, EventListener, EventPayloads } from '../common/events';

// Compile-time proof that every event name has a payload schema and a type, and vice versa.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const eventsCovered: Exact<keyof typeof eventPayloads, EventName> = true;
export const eventsTyped: Exact<keyof EventPayloads, EventName> = true;
