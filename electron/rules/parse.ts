// A rule as the user types it (Settings → Rules, `list-cleaner rules add`),
// recognised by its shape and normalized as the importer normalizes a cell
// (lib/addresses/address.ts normalizeCell: unwrapped, lower case), so a rule meets the
// addresses exactly as the import holds them:
//   contains *        a pattern: * is any run of characters (*@competitor.com, test*@*, *.ru)
//   contains @        one address (jane@example.com); @example.com alone is the domain
//   starts with .     a suffix: every domain ending so, and the suffix itself (.ru, .co.uk)
//   anything else     a domain, matched exactly: mail.example.com is not example.com
//                     (a suffix rule, .example.com, covers the sub-domains)
// What cannot match an address is refused in words the CLI and the window show
// as they are, with no command in them.
import { randomBytes } from 'node:crypto';
import { message, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { isValidAddress, normalizeCell } from '../lib/addresses/address';
import { MAX_RULE_CHARS, type Rule, type RuleAction, type RuleKind } from './types';

/** What a typed rule means, before it is kept: its kind and normalized value. */
export interface RuleTarget {
  kind: RuleKind;
  value: string;
}

/** The four kinds of rule, each with an example: said where a typed rule is refused. */
const EXAMPLES = message('error.rules.examples');

/** Characters an address may hold as the importer keeps it, besides letters beyond ASCII. */
const ADDRESS_CHAR = /^[a-z0-9._%+\-'!#$&=?^`{|}~/@*]$/;

/** A letter or digit: what makes a pattern narrower than "every address". */
const MEANINGFUL = /[a-z0-9]|[^\p{ASCII}]/u;

function refused(text: string, why: Message): AppError {
  return new AppError('invalid_input', message('error.rules.notRule', { text, why }));
}

/** The first character no address holds, or null. */
function strangeChar(value: string): string | null {
  for (const ch of value) {
    if (ch.charCodeAt(0) > 0x7f && !/\s/u.test(ch)) continue;
    if (!ADDRESS_CHAR.test(ch)) return ch;
  }
  return null;
}

/** A host name as addresses carry it: dotted labels of letters, digits and inner hyphens. */
function isDomain(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  if (labels.length < 2) return false;
  return labels.every(isLabel);
}

function isLabel(label: string): boolean {
  if (label.length === 0 || label.length > 63) return false;
  if (label.startsWith('-') || label.endsWith('-')) return false;
  for (const ch of label) {
    if (ch.charCodeAt(0) > 0x7f) continue;
    if (!/^[a-z0-9-]$/.test(ch)) return false;
  }
  return true;
}

function patternTarget(text: string, value: string): RuleTarget {
  if (value.includes('**')) {
    throw refused(text, message('error.rules.why.doubleStar'));
  }
  if (!MEANINGFUL.test(value)) {
    throw refused(text, message('error.rules.why.matchesEverything'));
  }
  const at = value.indexOf('@');
  if (at !== -1) {
    const domain = value.slice(at + 1);
    if (!domain.includes('*') && !isDomain(domain)) {
      throw refused(text, message('error.rules.why.domainAfterAt'));
    }
  }
  return { kind: 'pattern', value };
}

/** What a typed rule means: its kind and its value, normalized; throws an AppError the user can read. */
export function parseRuleText(typed: string): RuleTarget {
  const text = typed.trim();
  if (text === '') {
    throw new AppError('invalid_input', message('error.rules.empty', { examples: EXAMPLES }));
  }
  if (text.length > MAX_RULE_CHARS) {
    throw new AppError(
      'invalid_input',
      message('error.rules.tooLong', { length: text.length, max: MAX_RULE_CHARS }),
    );
  }
  const value = normalizeCell(text);
  if (value === '' || /\s/u.test(value)) {
    throw refused(text, message('error.rules.why.spaces'));
  }
  const strange = strangeChar(value);
  if (strange !== null) {
    throw refused(
      text,
      message('error.rules.why.strangeChar', { char: strange, examples: EXAMPLES }),
    );
  }
  if (value.indexOf('@') !== value.lastIndexOf('@')) {
    throw refused(text, message('error.rules.why.twoAts'));
  }
  if (value.includes('*')) return patternTarget(text, value);
  // "@example.com": the domain, written as it follows the @ of its addresses.
  if (value.startsWith('@')) return domainTarget(text, value.slice(1));
  if (value.includes('@')) {
    if (!isValidAddress(value)) {
      throw refused(text, message('error.rules.why.notAddress'));
    }
    return { kind: 'address', value };
  }
  if (value.startsWith('.')) {
    const suffix = value.slice(1);
    if (!suffix.split('.').every(isLabel)) {
      throw refused(text, message('error.rules.why.suffix'));
    }
    return { kind: 'suffix', value };
  }
  return domainTarget(text, value);
}

function domainTarget(text: string, value: string): RuleTarget {
  if (!isDomain(value)) {
    throw refused(
      text,
      value.includes('.')
        ? message('error.rules.why.notDomain')
        : message('error.rules.why.wholeDomain', { rule: value }),
    );
  }
  return { kind: 'domain', value };
}

/** A new rule's id: 12 hex digits. */
export const newRuleId = (): string => randomBytes(6).toString('hex');

/** A typed rule made a rule to keep (see the top of this file for what it may be). */
export function parseRule(
  text: string,
  action: RuleAction,
  options: { id?: string; now?: Date } = {},
): Rule {
  const { kind, value } = parseRuleText(text);
  return {
    id: options.id ?? newRuleId(),
    action,
    kind,
    value,
    addedAt: (options.now ?? new Date()).toISOString(),
  };
}
