// Events main pushes to the renderer. Shells subscribe once and forward every
// event over their own transport (webContents.send, or the test bridge).
import type { EventName } from './channels';
import type { EventPayloads } from './contract';

export type EventListener = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export interface EventBus {
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      for (const listener of listeners) listener(event, payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
