// Which rows `clean` and `resume` save: `--keep` and `--domain`, the command
// line's form of the results' filter (outcome, provider, domain, findings,
// risk: `--keep low` or `--keep low,medium`).
// A single panel choice (all, deliverable, not-deliverable) stays that choice;
// anything else becomes a filter the core applies row by row, the same test
// the window's "The rows I see" uses.
import {
  RISK_LEVELS,
  ROW_FLAGS,
  ROW_STATUSES,
  type ExportFilter,
  type RiskLevel,
  type RowFlag,
  type RowStatusName,
} from '../../common/model';
import type { RowFilter } from '../../common/views/views';
import { message } from '../../common/i18n/message';
import { UsageError } from './args';

const OUTCOMES = new Set<string>(ROW_STATUSES);
const FINDINGS = new Set<string>(ROW_FLAGS);
const RISKS = new Set<string>(RISK_LEVELS);
const PANEL_CHOICES = new Set<string>(['all', 'deliverable', 'not-deliverable']);
/** A domain as a mail address has it after the @: labels of letters, digits, hyphens, dots. */
const DOMAIN =
  /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)*$/u;

const values = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** `--keep` and `--domain` as the core's choice of rows; a mistake is a UsageError naming it. */
export function parseKeep(keep: string | undefined, domain?: string): ExportFilter | RowFilter {
  const tokens = values(keep);
  const domains = values(domain).map((d) => d.toLowerCase().replace(/^@/, ''));
  for (const d of domains) {
    if (!DOMAIN.test(d)) {
      throw new UsageError(message('cli.usage.domain', { domain: d }));
    }
  }
  if (tokens.length === 0 && domains.length === 0) return 'all';
  if (tokens.length === 1 && domains.length === 0 && PANEL_CHOICES.has(tokens[0] as string)) {
    return tokens[0] as ExportFilter;
  }
  const filter: RowFilter = { outcomes: [], providers: [], domains, findings: [], risks: [] };
  const risks: RiskLevel[] = [];
  let everyOutcome = false;
  for (const token of tokens) {
    if (token === 'all') everyOutcome = true;
    else if (token === 'not-deliverable') {
      filter.outcomes.push(...ROW_STATUSES.filter((s) => s !== 'deliverable'));
    } else if (OUTCOMES.has(token)) filter.outcomes.push(token as RowStatusName);
    else if (RISKS.has(token.replace(/^risk:/, ''))) {
      risks.push(token.replace(/^risk:/, '') as RiskLevel);
    } else if (token.startsWith('provider:') && token.length > 'provider:'.length) {
      filter.providers.push(token.slice('provider:'.length));
    } else if (token.startsWith('finding:') && FINDINGS.has(token.slice('finding:'.length))) {
      filter.findings.push(token.slice('finding:'.length) as RowFlag);
    } else
      throw new UsageError(
        message('cli.usage.keep', {
          value: token,
          provider: 'provider:<code>',
          finding: 'finding:<role|free|disposable|typo|no_mail_server|reused>',
        }),
      );
  }
  // "all" asks nothing of the outcome, whatever else is named beside it.
  filter.outcomes = everyOutcome ? [] : [...new Set(filter.outcomes)];
  filter.providers = [...new Set(filter.providers)];
  filter.findings = [...new Set(filter.findings)];
  filter.risks = [...new Set(risks)];
  return filter;
}
