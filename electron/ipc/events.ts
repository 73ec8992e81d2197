// The event bus under this path, for the importers outside electron/ipc/ that
// name it so: the bus is made beside the rest of the route across the boundary
// (registry.ts, createEventBus), and its types are declared beside the event
// payloads (contract.ts). New code imports from those.
export type { EventBus, EventListener } from './contract';
export { createEventBus } from './registry';
