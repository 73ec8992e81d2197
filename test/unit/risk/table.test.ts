// The risk table, case by case: each reason on its own, levels combined (the
// highest wins), ages at their edges, and the README's table equal to the
// code's. Rows are built as a job reads them (lists/judge/row-risk.ts), from
// a status, an outcome with its origin and date, and the free checks' byte.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DISPOSABLE, FREE, ROLE, TYPO } from '../../../electron/checks/findings';
import { NO_MAIL } from '../../../electron/lists/judge/free-checks';
import { riskInputs, rowRisk, type RowRiskFacts } from '../../../electron/lists/judge/row-risk';
import { RISK_TABLE, riskOf } from '../../../electron/risk/table';
import { RISK_REASONS } from '../../../electron/common/model';

const NOW = Date.parse('2026-06-30T12:00:00Z');
const daysAgo = (d: number) => Math.floor((NOW - d * 86_400_000) / 1000);

/** A row answered for this job today, at a business domain, nothing found. */
const row = (over: Partial<RowRiskFacts> = {}): RowRiskFacts => ({
  status: 'deliverable',
  outcome: { status: 'deliverable', provider: 'other', avatar: null, avatarUrl: null },
  flags: 0,
  checkedOn: '2026-06-30',
  ...over,
});

const reused = (status: 'deliverable' | 'undeliverable', days: number): RowRiskFacts =>
  row({
    status,
    outcome: {
      status,
      provider: 'other',
      avatar: null,
      avatarUrl: null,
      origin: 'reused',
      checkedAt: daysAgo(days),
    },
  });

const risk = (r: RowRiskFacts) => rowRisk(r, NOW);

describe('risk table', () => {
  it('a fresh deliverable is low, with the kind of domain as its reason', () => {
    expect(risk(row())).toEqual({ level: 'low', reasons: ['business'] });
    expect(risk(row({ flags: FREE }))).toEqual({ level: 'low', reasons: ['free_mail'] });
  });

  it('high: invalid, duplicate, suppressed or blocked, undeliverable, no mail server, disposable', () => {
    expect(risk(row({ status: 'invalid', outcome: undefined }))).toEqual({
      level: 'high',
      reasons: ['invalid'],
    });
    expect(risk(row({ status: 'duplicate' })).reasons).toEqual(['duplicate', 'business']);
    expect(risk(row({ status: 'suppressed' })).level).toBe('high');
    expect(risk(row({ status: 'blocked' })).reasons[0]).toBe('suppressed');
    expect(risk(row({ status: 'undeliverable' }))).toEqual({
      level: 'high',
      reasons: ['undeliverable', 'business'],
    });
    expect(risk(row({ flags: NO_MAIL })).reasons).toEqual(['no_mail_server', 'business']);
    expect(risk(row({ flags: DISPOSABLE })).level).toBe('high');
    expect(risk(row({ status: 'disposable', outcome: undefined })).reasons).toEqual([
      'disposable',
      'business',
    ]);
  });

  it('medium: unknown, not checked by choice, typo, role', () => {
    expect(risk(row({ status: 'unknown' }))).toEqual({
      level: 'medium',
      reasons: ['unknown', 'business'],
    });
    expect(risk(row({ status: 'role', outcome: undefined, flags: ROLE }))).toEqual({
      level: 'medium',
      reasons: ['not_checked', 'role', 'business'],
    });
    expect(risk(row({ status: 'not_covered', flags: FREE })).reasons).toEqual([
      'not_checked',
      'free_mail',
    ]);
    expect(risk(row({ flags: TYPO | FREE }))).toEqual({
      level: 'medium',
      reasons: ['typo', 'free_mail'],
    });
    expect(risk(row({ flags: ROLE })).level).toBe('medium');
  });

  it('the answer ages: low to 30 days, aging to 90, old past 90; a reused answer says so', () => {
    expect(risk(reused('deliverable', 30))).toEqual({
      level: 'low',
      reasons: ['reused', 'business'],
    });
    expect(risk(reused('deliverable', 31))).toEqual({
      level: 'low',
      reasons: ['aging_answer', 'reused', 'business'],
    });
    expect(risk(reused('deliverable', 90)).reasons).toContain('aging_answer');
    expect(risk(reused('deliverable', 91))).toEqual({
      level: 'medium',
      reasons: ['old_answer', 'reused', 'business'],
    });
    // Age speaks of a deliverable only: an old "not registered" is still high for what it says.
    expect(risk(reused('undeliverable', 400)).reasons).toEqual([
      'undeliverable',
      'reused',
      'business',
    ]);
    // This job's own answers are dated by the job.
    expect(risk(row({ checkedOn: '2026-03-01' })).reasons).toContain('old_answer');
    expect(riskInputs(row({ checkedOn: '2026-06-01' }), NOW).ageDays).toBe(29);
  });

  it('the highest level wins, and every reason is written in the table’s order', () => {
    const all = risk(row({ status: 'unknown', flags: ROLE | TYPO | FREE | DISPOSABLE }));
    expect(all).toEqual({
      level: 'high',
      reasons: ['disposable', 'unknown', 'typo', 'role', 'free_mail'],
    });
    expect(riskOf({ ...riskInputs(row(), NOW), role: true, typo: true }).level).toBe('medium');
  });

  it('names every reason of the vocabulary once, in its order', () => {
    expect(RISK_TABLE.map((r) => r.reason)).toEqual([...RISK_REASONS]);
  });

  it('is the README’s table, word for word', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const cells = (line: string) =>
      line
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
    const lines = readme.split('\n');
    const head = lines.findIndex((l) => /^\| reason +\| when +\| risk +\|$/.test(l));
    expect(head).toBeGreaterThan(0);
    const end = lines.findIndex((l, k) => k > head && !l.startsWith('|'));
    const documented = lines.slice(head + 2, end).map(cells);
    expect(documented).toEqual(RISK_TABLE.map((r) => [`\`${r.reason}\``, r.when, r.level]));
  });
});
