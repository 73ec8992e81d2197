// The handlers of the rules' channels: thin adapters to rules/store.ts, on
// the app's data folder (the command line's `rules` reads the same file).
import { addRules, readRules, removeRule } from '../../rules/store';
import type { Handlers } from '../registry';

type RulesChannels = 'rules:list' | 'rules:add' | 'rules:remove';

export function rulesHandlers(dataDir: string): Pick<Handlers, RulesChannels> {
  return {
    'rules:list': () => readRules(dataDir),
    'rules:add': ({ texts, action }) => addRules(dataDir, texts, action),
    'rules:remove': ({ id }) => removeRule(dataDir, id),
  };
}
