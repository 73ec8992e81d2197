// Every event main pushes to the window, with what each carries, and the bus
// it goes through: on the ground floor, so that the parts that announce a
// change (the account, the jobs, a write-back) name the events without
// standing on the IPC contract, which checks each payload against its schema
// (ipc/contract.ts, eventPayloads) before the window gets it.
import type { WriteBackReport } from './views/platform-views';
import type { PlatformId } from './catalogs/platforms';
import type {
  AccountStatus,
  Balance,
  ImportProgressView,
  JobView,
  UpdateView,
} from './views/views';

/** Members read so far from a platform list being imported. */
export interface PlatformProgressView {
  platform: PlatformId;
  listId: string;
  members: number;
  total: number | null;
}

/** A write-back's progress and, at its end, its report. */
export interface WriteBackChangedView {
  jobId: string;
  report: WriteBackReport;
  /** Members handled in the current phase so far, of `total`. */
  done: number;
  total: number;
}

/** The team store lost, or back, or this computer's clock off the store's: said once, in the window's language. */
export interface TeamNoticeView {
  kind: 'lost' | 'back' | 'clock';
  message: string;
}

export interface EventPayloads {
  'balance:changed': Balance;
  'account:changed': AccountStatus;
  'job:changed': JobView;
  'list:progress': ImportProgressView;
  'update:changed': UpdateView;
  /** The application menu's Settings… (Cmd/Ctrl+,). */
  'settings:open': { from: 'menu' };
  /** A notification was clicked: the window shows this job's results. */
  'results:open': { jobId: string };
  'platform:progress': PlatformProgressView;
  'writeback:changed': WriteBackChangedView;
  'team:notice': TeamNoticeView;
  /** A watch changed: a run began or ended, it was made, paused, resumed or removed. */
  'watch:changed': { watchId: string };
  /** A watch's notification was clicked: the window shows the Watches screen at it. */
  'watch:open': { watchId: string };
}

export type EventName = keyof EventPayloads;

export type EventListener = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

/** How main pushes events: the bus (ipc/registry.ts) checks each payload, then hands it to every subscriber. */
export interface EventBus {
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  subscribe(listener: EventListener): () => void;
}
