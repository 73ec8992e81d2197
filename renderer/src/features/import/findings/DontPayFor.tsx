// The review's "Don't pay for" boxes: which of the addresses the free checks
// found are not sent (and so not paid for). Disposable domains and domains
// with no mail server are left out by default; role addresses (info@, sales@)
// are often real team inboxes, so they are sent unless the user says not to.
// The choice goes with the estimate, the sample and Start; each box shows how
// many addresses it covers, from the findings. A kind the checks did not find
// has nothing to decide, so it has no box; with none found, no group shows.
import { useId } from 'react';
import type {
  EstimateView,
  FindingsView,
  SkipChoice,
} from '../../../../../electron/common/views/views';
import { formatNumber } from '../../../format';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { useT } from '../../../i18n/words';

interface Box {
  key: keyof SkipChoice;
  label: string;
  count: number;
  hint: string;
}

function boxes(findings: FindingsView, t: Translate): Box[] {
  return [
    {
      key: 'disposable',
      label: t('findings.skip.disposable'),
      count: findings.disposable,
      hint: t('findings.skip.disposableHint'),
    },
    {
      key: 'noMail',
      label: t('findings.skip.noMail'),
      count: findings.noMail,
      hint: t('findings.skip.noMailHint'),
    },
    {
      key: 'role',
      label: t('findings.skip.role'),
      count: findings.role,
      hint: t('findings.skip.roleHint'),
    },
  ];
}

export function DontPayFor({
  findings,
  skip,
  skipped,
  onChange,
  disabled,
}: {
  findings: FindingsView;
  skip: SkipChoice;
  /** The estimate's count of each kind left out (an address of two kinds counted once), once known. */
  skipped: EstimateView['skipped'] | undefined;
  onChange: (skip: SkipChoice) => void;
  disabled: boolean;
}) {
  const id = useId();
  const t = useT();
  const shown = boxes(findings, t).filter((b) => b.count > 0);
  const left = skipped
    ? skipped.disposable + skipped.noMail + skipped.role
    : shown.reduce((n, b) => n + (skip[b.key] ? b.count : 0), 0);
  if (shown.length === 0) return null;
  return (
    <fieldset className="dont-pay" data-testid="dont-pay-for" aria-describedby={`${id}-sum`}>
      <legend className="card-label">{t('findings.skip.title')}</legend>
      <div className="dont-pay-boxes">
        {shown.map((b) => (
          <label
            key={b.key}
            className={`dont-pay-box ${skip[b.key] ? 'is-checked' : ''}`}
            data-testid={`skip-${b.key}`}
          >
            <input
              type="checkbox"
              checked={skip[b.key]}
              disabled={disabled}
              onChange={(e) => onChange({ ...skip, [b.key]: e.target.checked })}
              aria-describedby={`${id}-${b.key}`}
            />
            <span className="dont-pay-text">
              <span className="dont-pay-label">{b.label}</span>
              <span className="hint" id={`${id}-${b.key}`}>
                {b.hint}
              </span>
            </span>
            <span
              className="dont-pay-count"
              aria-label={t('findings.addresses', { n: b.count, count: formatNumber(b.count) })}
            >
              {formatNumber(b.count)}
            </span>
          </label>
        ))}
      </div>
      <p className="hint" id={`${id}-sum`} data-testid="dont-pay-sum">
        {left > 0
          ? t('findings.skip.leftOut', { n: left, count: formatNumber(left) })
          : t('findings.skip.nothingLeftOut')}
      </p>
    </fieldset>
  );
}
