// The outcomes of a row in the user's words, in the order they are read, and
// the providers' names as the results show them.
import { describe, expect, it } from 'vitest';
import { JOB_STATES, ROW_STATUSES } from '../../../electron/common/model';
import { english } from '../../../electron/common/i18n/message';
import {
  OUTCOMES,
  outcomeLabel,
  outcomeMeaning,
  providerLabel,
  stateLabel,
} from '../../../renderer/src/features/results/outcomes';

const t = english.t;
const OUTCOME_MEANING = Object.fromEntries(OUTCOMES.map((o) => [o, outcomeMeaning(o, t)]));
const STATE_LABEL = Object.fromEntries(JOB_STATES.map((s) => [s, stateLabel(s, t)]));

describe('outcomes', () => {
  it('lists every row status once, the best first, then the free ones, then those by choice', () => {
    expect([...OUTCOMES]).toEqual([
      'deliverable',
      'undeliverable',
      'unknown',
      'invalid',
      'duplicate',
      'disposable',
      'role',
      'not_covered',
      'suppressed',
      'blocked',
    ]);
    expect(new Set(OUTCOMES)).toEqual(new Set(ROW_STATUSES));
  });

  it('names every outcome, and the rows not checked yet, each differently', () => {
    const names = [...OUTCOMES, 'pending' as const].map((o) => outcomeLabel(o, t));
    expect(names).toEqual([
      'Deliverable',
      'Undeliverable',
      'Unknown',
      'Invalid',
      'Repeat',
      'Disposable',
      'Role address',
      'Not covered by avatar',
      'Suppressed',
      'Blocked by a rule',
      'Not checked yet',
    ]);
  });

  it('says in one sentence what each outcome means, and which cost nothing', () => {
    for (const o of OUTCOMES) expect(OUTCOME_MEANING[o]).toMatch(/^[A-Z].*\.$/);
    expect(OUTCOME_MEANING.unknown).toMatch(/nothing was charged/);
    expect(OUTCOME_MEANING.invalid).toMatch(/removed for free/);
    expect(OUTCOME_MEANING.duplicate).toMatch(/paid for once/);
    expect(OUTCOME_MEANING.undeliverable).toMatch(/takes no mail/);
    expect(OUTCOME_MEANING.disposable).toMatch(/by your choice.*nothing charged/);
    expect(OUTCOME_MEANING.role).toMatch(/by your choice.*nothing charged/);
    expect(OUTCOME_MEANING.not_covered).toMatch(
      /avatar check does not cover: not sent, nothing charged/,
    );
    expect(OUTCOME_MEANING.suppressed).toMatch(/suppression list.*never sent, nothing charged/);
    expect(OUTCOME_MEANING.blocked).toMatch(/block rules.*never sent, nothing charged/);
  });

  it('names every job state', () => {
    for (const state of JOB_STATES) expect(STATE_LABEL[state]).toBeTruthy();
    expect(STATE_LABEL.waiting).toBe('Waiting for the service');
    expect(STATE_LABEL.failed).toBe('Failed');
  });
});

describe('providerLabel', () => {
  it.each([
    ['other', 'Other providers'],
    ['not registered', 'No mailbox'],
    ['not reported', 'Not reported'],
    ['provider_code_1', 'Gmail'],
    ['provider_code_2', 'Outlook'],
    ['provider_code_5', 'Mail.ru'],
    ['provider_code_6', 'Yandex Mail'],
  ])('names the core\'s key "%s" as "%s"', (code, label) => {
    expect(providerLabel(code, t)).toBe(label);
  });

  it.each(['gmail', 'outlook', 'yahoo', 'Other', 'not_registered', 'provider_code_7', ''])(
    'shows the service\'s own code "%s" as it is',
    (code) => {
      expect(providerLabel(code, t)).toBe(code);
    },
  );
});
