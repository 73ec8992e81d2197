// Kept for the importers outside electron/ipc/ that name the bus by this
// path: the event bus lives beside the rest of the route across the boundary
// (registry.ts, createEventBus), and its types beside the event payloads
// (contract.ts). New code imports from those.
export type { EventBus, EventListener } from './contract';
export { createEventBus } from './registry';
