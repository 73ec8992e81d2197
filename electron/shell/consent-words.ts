// The words of each question main asks (lib/consent.ts), in the user's
// language from the catalogs. Every name from elsewhere (a list's, a file's,
// a host, an address) goes through oneLine here, not at the call sites, so no
// question can show a name that makes its sentence say something else.
import { oneLine } from '../common/text/one-line';
import { money, moneyExact } from '../common/money';
import type { Translator } from '../common/i18n/translate';
import type { ConsentQuestion } from '../lib/consent';

export interface ConsentWords {
  title: string;
  message: string;
  detail: string;
  yes: string;
}

/** The longest a name, a host or an address is shown in a dialog. */
const NAME_MAX = 60;
const HOST_MAX = 100;
const ADDRESS_MAX = 120;

type Id = Parameters<Translator['t']>[0];
/** A dialog's four messages (title, message, detail, yes button) and the values they are filled with. */
type Ids = [Id, Id, Id, Id, Record<string, string | number>];

/** The questions about shared things: a platform's list, the team store, the suppression list, the memory. */
type SharedKind =
  | 'retire-members'
  | 'team-test'
  | 'team-connect'
  | 'team-remove'
  | 'unsuppress-file'
  | 'unsuppress-address'
  | 'forget-memory'
  | 'watch-retire'
  | 'watch-remove';
type SharedQuestion = Extract<ConsentQuestion, { kind: SharedKind }>;
type AccountQuestion = Exclude<ConsentQuestion, SharedQuestion>;
const SHARED: ReadonlySet<string> = new Set<SharedKind>([
  'retire-members',
  'team-test',
  'team-connect',
  'team-remove',
  'unsuppress-file',
  'unsuppress-address',
  'forget-memory',
  'watch-retire',
  'watch-remove',
]);
const isShared = (q: ConsentQuestion): q is SharedQuestion => SHARED.has(q.kind);

/** How a value from elsewhere is shown in a dialog: one line, cut, never empty. */
function shown({ t, language }: Translator) {
  const name = (text: string, max = NAME_MAX) => oneLine(text, max) || t('consent.noName');
  return {
    name,
    host: (text: string) => name(text, HOST_MAX),
    exact: (micros: number) => moneyExact(micros, language),
    yesNo: (yes: boolean) => (yes ? 'yes' : 'no'),
  };
}

/** Which of each kind's messages, and with what values; every name made one line first. */
function accountIds(q: AccountQuestion, words: Translator): Ids {
  const { name, host, exact, yesNo } = shown(words);
  const { language } = words;
  switch (q.kind) {
    case 'send-key':
      return [
        'consent.sendKey.title',
        'consent.sendKey.message',
        'consent.sendKey.detail',
        'consent.sendKey.yes',
        {
          host: host(q.host),
          proven: yesNo(q.provenHost !== null),
          provenHost: q.provenHost === null ? '' : host(q.provenHost),
        },
      ];
    case 'replace-key':
      return [
        'consent.replaceKey.title',
        'consent.replaceKey.message',
        'consent.replaceKey.detail',
        'consent.replaceKey.yes',
        { oldLast4: name(q.oldLast4), newLast4: name(q.newLast4), host: host(q.host) },
      ];
    case 'over-limit':
      return [
        'consent.overLimit.title',
        'consent.overLimit.message',
        'consent.overLimit.detail',
        'consent.overLimit.yes',
        {
          known: yesNo(q.estimateMicros !== null),
          fileName: name(q.fileName),
          estimate: q.estimateMicros === null ? '' : money(q.estimateMicros, { locale: language }),
          addresses: q.addresses,
          limit: exact(q.limitMicros),
        },
      ];
    case 'raise-limit':
      return [
        'consent.raiseLimit.title',
        'consent.raiseLimit.message',
        'consent.raiseLimit.detail',
        'consent.raiseLimit.yes',
        {
          lift: yesNo(q.toMicros === null),
          from: exact(q.fromMicros),
          to: q.toMicros === null ? '' : exact(q.toMicros),
        },
      ];
    case 'use-key':
      return [
        'consent.useKey.title',
        'consent.useKey.message',
        'consent.useKey.detail',
        'consent.useKey.yes',
        { last4: name(q.last4), host: host(q.host), foreign: yesNo(q.foreign) },
      ];
    case 'clear-key':
      return [
        'consent.clearKey.title',
        'consent.clearKey.message',
        'consent.clearKey.detail',
        'consent.clearKey.yes',
        { last4: name(q.last4), host: host(q.host) },
      ];
    case 'lower-price':
      return [
        'consent.lowerPrice.title',
        'consent.lowerPrice.message',
        'consent.lowerPrice.detail',
        'consent.lowerPrice.yes',
        {
          product: q.product,
          to: exact(q.toMicros),
          before: yesNo(q.fromMicros !== null),
          from: q.fromMicros === null ? '' : exact(q.fromMicros),
        },
      ];
    case 'billing-page':
      return [
        'consent.billingPage.title',
        'consent.billingPage.message',
        'consent.billingPage.detail',
        'consent.billingPage.yes',
        { host: host(q.host), url: name(q.url, ADDRESS_MAX) },
      ];
  }
}

function sharedIds(q: SharedQuestion, words: Translator): Ids {
  const { name, host, yesNo } = shown(words);
  switch (q.kind) {
    case 'retire-members':
      return [
        'consent.retireMembers.title',
        'consent.retireMembers.message',
        'consent.retireMembers.detail',
        'consent.retireMembers.yes',
        { mode: q.mode, count: q.count, listName: name(q.listName), platform: name(q.platform) },
      ];
    case 'watch-retire':
      return [
        'consent.watchRetire.title',
        'consent.watchRetire.message',
        'consent.watchRetire.detail',
        'consent.watchRetire.yes',
        {
          mode: q.mode,
          listName: name(q.listName),
          platform: name(q.platform),
          ceiling: q.ceilingBp / 100,
        },
      ];
    case 'watch-remove':
      return [
        'consent.watchRemove.title',
        'consent.watchRemove.message',
        'consent.watchRemove.detail',
        'consent.watchRemove.yes',
        { name: name(q.name) },
      ];
    case 'team-test':
      return [
        'consent.teamTest.title',
        'consent.teamTest.message',
        'consent.teamTest.detail',
        'consent.teamTest.yes',
        { target: host(q.target) },
      ];
    case 'team-connect':
      return [
        'consent.teamConnect.title',
        'consent.teamConnect.message',
        'consent.teamConnect.detail',
        'consent.teamConnect.yes',
        {
          target: host(q.target),
          replaces: yesNo(q.replacing !== null),
          replacing: q.replacing === null ? '' : host(q.replacing),
        },
      ];
    case 'team-remove':
      return [
        'consent.teamRemove.title',
        'consent.teamRemove.message',
        'consent.teamRemove.detail',
        'consent.teamRemove.yes',
        { target: host(q.target) },
      ];
    case 'unsuppress-file':
      return [
        'consent.unsuppressFile.title',
        'consent.unsuppressFile.message',
        'consent.unsuppressFile.detail',
        'consent.unsuppressFile.yes',
        { name: name(q.name), team: yesNo(q.team), entries: q.entries },
      ];
    case 'unsuppress-address':
      return [
        'consent.unsuppressAddress.title',
        'consent.unsuppressAddress.message',
        'consent.unsuppressAddress.detail',
        'consent.unsuppressAddress.yes',
        { address: name(q.address, ADDRESS_MAX), team: yesNo(q.team) },
      ];
    case 'forget-memory':
      return [
        'consent.forgetMemory.title',
        'consent.forgetMemory.message',
        'consent.forgetMemory.detail',
        'consent.forgetMemory.yes',
        { answers: q.answers },
      ];
  }
}

export function consentWords(q: ConsentQuestion, words: Translator): ConsentWords {
  const [title, message, detail, yes, values] = isShared(q)
    ? sharedIds(q, words)
    : accountIds(q, words);
  return {
    title: words.t(title, values),
    message: words.t(message, values),
    detail: words.t(detail, values),
    yes: words.t(yes, values),
  };
}
