// The type of window.api, derived from the contract: one method per channel,
// grouped by domain ('key:set' → api.key.set), and one listener per event.
import type { ChannelName, EventName } from './channels';
import type { ChannelOutput, Contract, EventPayloads, FileGrantView, IpcResult } from './contract';
import type { z } from 'zod';

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string, D extends string> = C extends `${D}:${infer V}` ? V : never;

type MethodFor<C extends ChannelName> =
  z.input<Contract[C]['input']> extends undefined
    ? () => Promise<IpcResult<ChannelOutput<C>>>
    : (input: z.input<Contract[C]['input']>) => Promise<IpcResult<ChannelOutput<C>>>;

type ListenerName<E extends string> = E extends `${infer D}:${infer V}`
  ? `on${Capitalize<D>}${Capitalize<V>}`
  : never;

export type Unsubscribe = () => void;

export type ListCleanerApi = {
  [D in DomainOf<ChannelName>]: {
    [V in VerbOf<ChannelName, D>]: MethodFor<`${D}:${V}` & ChannelName>;
  };
} & {
  events: {
    [E in EventName as ListenerName<E>]: (
      listener: (payload: EventPayloads[E]) => void,
    ) => Unsubscribe;
  };
};

/**
 * window.files: turns a file the user really dropped into a one-use token for
 * list:import. The window never learns or names the path; a File made by
 * script has none and gets nothing.
 */
export interface FilesApi {
  grant(file: File): Promise<IpcResult<FileGrantView>>;
}
