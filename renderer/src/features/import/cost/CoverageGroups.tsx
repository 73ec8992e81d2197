// Email + avatar: the addresses left to check, by where the avatar check
// stands on their domains (covered, other providers, not known yet), each
// group with its count and cost, and the choice to check the addresses at
// other providers with Email instead of leaving them out.
import type { CoverageView, OthersChoice } from '../../../../../electron/ipc/contract';
import { formatNumber } from '../../../format';
import { useT } from '../../../i18n/words';
import { coverageGroups } from './coverage-words';
import './coverage.css';

export function CoverageGroups({
  coverage,
  others,
  onOthers,
  disabled,
}: {
  coverage: CoverageView;
  others: OthersChoice;
  onOthers: (others: OthersChoice) => void;
  disabled: boolean;
}) {
  const t = useT();
  const groups = coverageGroups(coverage, t);
  const offerEmail = coverage.outside.count > 0 || others === 'email';
  return (
    <section className="coverage" data-testid="coverage" aria-labelledby="coverage-title">
      <h3 id="coverage-title" className="card-label">
        {t('cost.coverage.title')}
      </h3>
      <dl className="coverage-groups">
        {groups.map((g) => (
          <div
            key={g.key}
            className={`coverage-group is-${g.key}`}
            data-testid={`coverage-${g.key}`}
          >
            <dt className="coverage-label">{g.label}</dt>
            <dd
              className="coverage-count"
              aria-label={t('findings.addresses', { n: g.count, count: formatNumber(g.count) })}
            >
              {formatNumber(g.count)}
            </dd>
            <dd className="coverage-cost" data-testid={`coverage-${g.key}-cost`}>
              {g.cost}
            </dd>
            <dd className="coverage-hint hint">{g.hint}</dd>
          </div>
        ))}
      </dl>
      {offerEmail && (
        <label className={`coverage-others ${others === 'email' ? 'is-checked' : ''}`}>
          <input
            type="checkbox"
            data-testid="others-email"
            checked={others === 'email'}
            disabled={disabled}
            onChange={(e) => onOthers(e.target.checked ? 'email' : 'skip')}
          />
          <span>{t('cost.coverage.othersEmail')}</span>
        </label>
      )}
    </section>
  );
}
