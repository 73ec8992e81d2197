// A handler table for tests of the IPC layer: canned answers for every
// channel, and a record of what each handler was actually given, so a test can
// tell "the handler ran with the validated input" from "it never ran".
import { channelNames, type ChannelName } from '../../../electron/ipc/channels';
import type {
  AccountStatus,
  Balance,
  ChannelInput,
  ChannelOutput,
  SettingsView,
} from '../../../electron/ipc/contract';
import type { Handlers } from '../../../electron/ipc/registry';

export const sampleStatus: AccountStatus = {
  mode: 'key',
  keyLast4: '1a2b',
  storage: 'keychain',
  storageWarning: null,
  baseUrl: 'https://api.example.test',
  keyHost: 'api.example.test',
  keyUnconfirmed: false,
};

export const sampleBalance: Balance = {
  balanceMicros: 3_500_000,
  fetchedAt: '2025-01-02T03:04:05.000Z',
};

export const sampleSettings: SettingsView = {
  language: 'en',
  languageChoice: 'system',
  systemLanguage: 'en',
  baseUrl: 'https://api.example.test',
  billingUrl: null,
  theme: 'system',
  pollIntervalSeconds: 30,
  reuseDays: 30,
  maxSpendMicros: null,
  enteredPrices: { email: null, avatar: null },
  recheckDays: null,
  patienceHours: 6,
};

export interface HandlerCall {
  channel: ChannelName;
  input: unknown;
}

export function recordingHandlers(overrides: Partial<Handlers> = {}): {
  handlers: Handlers;
  calls: HandlerCall[];
} {
  const calls: HandlerCall[] = [];
  const notStubbed = (channel: ChannelName) => async (): Promise<never> => {
    throw new Error(`${channel} has no canned answer in this test`);
  };
  const defaults: Handlers = {
    ...(Object.fromEntries(channelNames.map((c) => [c, notStubbed(c)])) as unknown as Handlers),
    'key:status': async () => sampleStatus,
    'key:set': async ({ apiKey }) => ({ ...sampleStatus, keyLast4: apiKey.slice(-4) }),
    'key:clear': async () => ({ ...sampleStatus, mode: 'none', keyLast4: null, storage: null }),
    'demo:start': async () => ({ ...sampleStatus, mode: 'demo', keyLast4: null, storage: null }),
    'balance:get': async () => sampleBalance,
    'settings:get': async () => sampleSettings,
    'settings:update': async ({ language, ...patch }) => ({
      ...sampleSettings,
      ...patch,
      ...(language
        ? { languageChoice: language, language: language === 'system' ? 'en' : language }
        : {}),
    }),
  };
  const wrap = <C extends ChannelName>(
    channel: C,
  ): ((input: ChannelInput<C>) => Promise<ChannelOutput<C>>) => {
    const inner: (input: ChannelInput<C>) => Promise<ChannelOutput<C>> =
      overrides[channel] ?? defaults[channel];
    return (input: ChannelInput<C>) => {
      calls.push({ channel, input });
      return inner(input);
    };
  };
  const handlers = Object.fromEntries(channelNames.map((c) => [c, wrap(c)])) as unknown as Handlers;

  return { handlers, calls };
}
