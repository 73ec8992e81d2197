// Settings → Rules: the user's allow and block rules. A short word on what
// each does and which wins, a field that takes one rule a line with Block and
// Allow, and the rules kept, blocks first, each with its kind and a Remove
// (one rule is quickly typed again: no question). Main parses each rule and
// refuses one in words, shown under the field as the other forms show theirs.
import { useEffect, useRef, useState } from 'react';
import type { Rule, RuleAction } from '../../../../../electron/common/views/rule-views';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import { errorMessage } from '../../../api/call';
import { useAddRules, useRemoveRule, useRules } from '../../../api/rules-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { FieldError } from '../../../components/FieldError';
import { changeLine, KIND_WORDS } from './rule-words';
import { useRich, useT } from '../../../i18n/words';
import { formatNumber } from '../../../format';
import './rules.css';

const PLACEHOLDER = '*@competitor.com\ntest*@*\n.ru';

export function RulesSection({ inputId }: { inputId: string }) {
  const rules = useRules();
  const t = useT();
  const rich = useRich();
  const titleId = `${inputId}-title`;
  const box = useRef<HTMLTextAreaElement>(null);
  return (
    <section className="dialog-section rules" aria-labelledby={titleId} data-testid="rules-section">
      <h3 id={titleId}>{t('rules.title')}</h3>
      <p className="hint">
        {rich('rules.intro', { strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <AddRulesForm inputId={inputId} box={box} />
      {rules.isError && <ErrorNotice error={rules.error} />}
      {rules.data && <RuleList rules={rules.data} box={box} />}
    </section>
  );
}

function AddRulesForm({
  inputId,
  box,
}: {
  inputId: string;
  box: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const add = useAddRules();
  const t = useT();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const texts = text.split('\n').filter((line) => line.trim() !== '');
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const submit = (action: RuleAction) => {
    if (texts.length === 0 || add.isPending) return;
    add.mutate(
      { texts, action },
      {
        onSuccess: (change) => {
          setText('');
          setDone(changeLine(change, action, t));
        },
        onError: (err) => {
          setProblem(errorMessage(err));
          box.current?.focus();
        },
      },
    );
  };
  return (
    <div className="field rules-add" data-testid="rules-add">
      <label htmlFor={inputId}>{t('rules.add.label')}</label>
      <textarea
        ref={box}
        id={inputId}
        className="rules-text"
        rows={3}
        spellCheck={false}
        autoComplete="off"
        placeholder={PLACEHOLDER}
        data-user-value
        value={text}
        aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
          setDone('');
        }}
      />
      {problem && <FieldError id={errorId} message={problem} />}
      <p className="hint" id={hintId}>
        {t('rules.add.hint')}
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button secondary small"
          disabled={texts.length === 0 || add.isPending}
          onClick={() => submit('block')}
        >
          {t('rules.add.block')}
        </button>
        <button
          type="button"
          className="button secondary small"
          disabled={texts.length === 0 || add.isPending}
          onClick={() => submit('allow')}
        >
          {t('rules.add.allow')}
        </button>
        <span className="form-saved" role="status" data-testid="rules-added">
          {done}
        </span>
      </div>
    </div>
  );
}

const GROUPS = [
  { action: 'block', title: 'rules.group.blocked' },
  { action: 'allow', title: 'rules.group.allowed' },
] as const satisfies readonly { action: RuleAction; title: MessageId }[];

function RuleList({
  rules,
  box,
}: {
  rules: Rule[];
  box: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const remove = useRemoveRule();
  const t = useT();
  const list = useRef<HTMLDivElement>(null);
  // Where the focus goes once a removed rule's row is gone: the Remove now at its place.
  const refocus = useRef<number | null>(null);
  useEffect(() => {
    const at = refocus.current;
    if (at === null) return;
    refocus.current = null;
    const left = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    // The next rule's Remove, else the last one's, else the field.
    (left[Math.min(at, left.length - 1)] ?? box.current)?.focus();
  }, [rules, box]);
  if (rules.length === 0) {
    return (
      <p className="rules-empty" data-testid="rules-empty">
        {t('rules.empty')}
      </p>
    );
  }
  const removeAt = (rule: Rule) => {
    // One at a time; the buttons stay enabled, so the one pressed keeps the focus meanwhile.
    if (remove.isPending) return;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.findIndex((b) => b.dataset.ruleId === rule.id);
    // Set before the answer: the list drawn without the rule takes it up.
    refocus.current = at;
    remove.mutate(rule.id, {
      onError: () => {
        refocus.current = null;
      },
    });
  };
  return (
    <div className="rules-groups" ref={list} data-testid="rules-list">
      {remove.error && <ErrorNotice error={remove.error} />}
      {GROUPS.map(({ action, title }) => {
        const mine = rules.filter((r) => r.action === action);
        if (mine.length === 0) return null;
        return (
          <div key={action} className="rules-group" data-testid={`rules-${action}`}>
            <h4>
              {t(title)} <span className="rules-count">{formatNumber(mine.length)}</span>
            </h4>
            <ul className="rule-list">
              {mine.map((rule) => (
                <li key={rule.id} className="rule" data-testid="rule">
                  <span className="rule-value" data-user-value>
                    {rule.value}
                  </span>
                  <span className="rule-kind">{t(KIND_WORDS[rule.kind])}</span>
                  <button
                    type="button"
                    className="button secondary small"
                    data-rule-id={rule.id}
                    onClick={() => removeAt(rule)}
                  >
                    {t('rules.remove')}
                    <span className="visually-hidden"> {rule.value}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
