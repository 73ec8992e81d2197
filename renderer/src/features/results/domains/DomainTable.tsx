// A finished job's unique addresses by domain (job:domains): the domains with
// the most addresses, each with its outcomes and what the free checks found
// there, as counts and as shares of its own addresses; the rest folded into
// one "other domains" row, always last. Sortable by any column (a button in
// each header, aria-sort on the header). The table carries every number: the
// small bar under each domain only pictures its shares and is hidden from
// assistive technology. Many columns scroll sideways inside the card, the
// domain column staying in view. Columns empty for every domain shown are
// left out, and domains with one address each fold into one row that opens
// (domain-fold.ts), so the domains worth a look are not buried. On a narrow
// window nothing drops without a word: the columns scrolled out of sight are
// named over the table, and a domain's warnings (a likely typo, disposable,
// no mail server) are also badges under its name, in the column that stays.
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { DomainCounts, DomainStats } from '../../../../../electron/common/views/views';
import { useJobDomains } from '../../../api/job-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import type { Translate } from '../../../../../electron/common/i18n/message';
import { formatNumber, formatShare } from '../../../format';
import { useT } from '../../../i18n/words';
import {
  DEFAULT_DOMAIN_SORT,
  nextSort,
  sortDomains,
  type DomainSort,
  type DomainSortKey,
  type FindingKey,
} from './domain-sort';
import { columnsWithCounts, foldSingles } from './domain-fold';
import { ColumnsOutOfSight, DomainWarnings } from './DomainWarnings';
import './domains.css';

type OutcomeKey = 'deliverable' | 'undeliverable' | 'unknown' | 'skipped';

const OUTCOME_COLUMNS: readonly { key: OutcomeKey }[] = [
  { key: 'deliverable' },
  { key: 'undeliverable' },
  { key: 'unknown' },
  /** Shown only when some address was left out by the user's choice. */
  { key: 'skipped' },
];

const FINDING_COLUMNS: readonly { key: FindingKey }[] = [
  { key: 'role' },
  { key: 'free' },
  { key: 'disposable' },
  { key: 'typo' },
  { key: 'noMail' },
];

const LABEL_ID = {
  domain: 'results.column.domain',
  addresses: 'results.column.addresses',
  deliverable: 'outcome.deliverable',
  undeliverable: 'outcome.undeliverable',
  unknown: 'outcome.unknown',
  skipped: 'domains.column.leftOut',
  role: 'domains.column.role',
  free: 'rows.finding.free',
  disposable: 'domains.column.disposable',
  typo: 'rows.finding.typo',
  noMail: 'rows.finding.noMailServer',
} as const satisfies Record<DomainSortKey, MessageId>;

const columnLabel = (column: DomainSortKey, t: Translate): string => t(LABEL_ID[column]);

/** "3 domains", as the title, the hint and the folded rows count them. */
const domainCount = (n: number, t: Translate): string =>
  t('domains.count', { n, count: formatNumber(n) });

export function DomainTable({
  jobId,
  onDomain,
}: {
  jobId: string;
  /** Given: each domain's name is a button that calls it (the rows filter by domain). */
  onDomain?: (domain: string) => void;
}) {
  const t = useT();
  const titleId = useId();
  const domains = useJobDomains(jobId);
  const [sort, setSort] = useState<DomainSort>(DEFAULT_DOMAIN_SORT);
  const [singlesOpen, setSinglesOpen] = useState(false);
  const view = domains.data;
  const folded = useMemo(() => foldSingles(view ? sortDomains(view.top, sort) : []), [view, sort]);
  const scrollRef = useRef<HTMLDivElement>(null);

  let body: ReactNode;
  if (domains.isPending) {
    body = <div className="domains-loading" aria-busy="true" aria-label={t('domains.reading')} />;
  } else if (domains.isError) {
    body = <ErrorNotice error={domains.error} title={t('domains.unreadable')} />;
  } else if (!view || view.top.length === 0) {
    body = <p className="results-empty">{t('domains.none')}</p>;
  } else {
    const all = view.other ? [...view.top, view.other] : view.top;
    const outcomeKeys = columnsWithCounts(
      OUTCOME_COLUMNS.map((c) => c.key),
      all,
    );
    const findingKeys = columnsWithCounts(
      FINDING_COLUMNS.map((c) => c.key),
      all,
    );
    const outcomes = OUTCOME_COLUMNS.filter((c) => outcomeKeys.includes(c.key));
    const findings = FINDING_COLUMNS.filter((c) => findingKeys.includes(c.key));
    const hidden =
      OUTCOME_COLUMNS.length + FINDING_COLUMNS.length - outcomes.length - findings.length;
    const { many, singles, singlesSum } = folded;
    body = (
      <>
        <p className="hint results-card-hint">
          {[
            view.other
              ? t('domains.hint.top', {
                  n: view.top.length,
                  top: formatNumber(view.top.length),
                  others: domainCount(view.other.domains, t),
                })
              : t('domains.hint.all'),
            t('domains.hint.shares'),
            t(onDomain ? 'domains.hint.sortOrShow' : 'domains.hint.sort'),
            ...(hidden > 0 ? [t('domains.hint.hidden')] : []),
          ].join(' ')}
        </p>
        <ColumnsOutOfSight box={scrollRef} layout={view} label={(c) => columnLabel(c, t)} />
        <div
          ref={scrollRef}
          className="domains-scroll"
          role="region"
          aria-label={t('domains.region')}
          // Scrolls sideways on a narrow window: the keyboard can scroll it too.
          tabIndex={0}
        >
          <table className="domains-table" data-testid="domain-table">
            <caption className="visually-hidden">
              {t('domains.caption', { column: columnLabel(sort.key, t), dir: sort.dir })}
            </caption>
            <colgroup>
              <col className="domains-col-name" />
              <col />
            </colgroup>
            {outcomes.length > 0 && <colgroup span={outcomes.length} />}
            {findings.length > 0 && <colgroup span={findings.length} />}
            <DomainHead outcomes={outcomes} findings={findings} sort={sort} onSort={setSort} />
            <tbody>
              {many.map((d) => (
                <DomainRow
                  key={d.domain}
                  counts={d}
                  outcomes={outcomes}
                  findings={findings}
                  onDomain={onDomain}
                >
                  {d.domain}
                </DomainRow>
              ))}
              {singlesSum && (
                <DomainRow
                  counts={singlesSum}
                  outcomes={outcomes}
                  findings={findings}
                  group
                  testId="domains-singles"
                >
                  <button
                    type="button"
                    className="domains-fold"
                    aria-expanded={singlesOpen}
                    onClick={() => setSinglesOpen((open) => !open)}
                  >
                    <span className="domains-fold-mark" aria-hidden="true" />
                    {t('domains.singles', {
                      n: singles.length,
                      count: formatNumber(singles.length),
                    })}
                  </button>
                </DomainRow>
              )}
              {singlesOpen &&
                singles.map((d) => (
                  <DomainRow
                    key={d.domain}
                    counts={d}
                    outcomes={outcomes}
                    findings={findings}
                    onDomain={onDomain}
                    single
                  >
                    {d.domain}
                  </DomainRow>
                ))}
              {view.other && (
                <DomainRow counts={view.other} outcomes={outcomes} findings={findings} group>
                  {t('domains.other')}{' '}
                  <span className="domains-other-count">
                    ({domainCount(view.other.domains, t)})
                  </span>
                </DomainRow>
              )}
            </tbody>
          </table>
        </div>
      </>
    );
  }

  return (
    <section
      className="card results-card domains-card"
      aria-labelledby={titleId}
      data-testid="domains"
    >
      <h2 className="results-card-title" id={titleId}>
        {t('domains.title')}
        {view && view.domains > 0 && (
          <span className="domains-total"> · {domainCount(view.domains, t)}</span>
        )}
      </h2>
      {body}
    </section>
  );
}

/** The two header rows: the groups (outcomes, findings), then a sort button per column. */
function DomainHead({
  outcomes,
  findings,
  sort,
  onSort,
}: {
  outcomes: readonly { key: OutcomeKey }[];
  findings: readonly { key: FindingKey }[];
  sort: DomainSort;
  onSort: (sort: DomainSort) => void;
}) {
  const t = useT();
  return (
    <thead>
      <tr className="domains-groups">
        <td className="domains-sticky" />
        <td />
        {outcomes.length > 0 && (
          <th scope="colgroup" colSpan={outcomes.length}>
            {t('results.outcomes')}
          </th>
        )}
        {findings.length > 0 && (
          <th scope="colgroup" colSpan={findings.length}>
            {t('domains.group.findings')}
          </th>
        )}
      </tr>
      <tr>
        <SortHeader column="domain" sort={sort} onSort={onSort} sticky />
        <SortHeader column="addresses" sort={sort} onSort={onSort} />
        {outcomes.map((c) => (
          <SortHeader key={c.key} column={c.key} sort={sort} onSort={onSort} swatch />
        ))}
        {findings.map((c) => (
          <SortHeader key={c.key} column={c.key} sort={sort} onSort={onSort} />
        ))}
      </tr>
    </thead>
  );
}

function SortHeader({
  column,
  sort,
  onSort,
  sticky = false,
  swatch = false,
}: {
  column: DomainSortKey;
  sort: DomainSort;
  onSort: (sort: DomainSort) => void;
  sticky?: boolean;
  /** The column's colour in the bars under the domains. */
  swatch?: boolean;
}) {
  const t = useT();
  const sorted = sort.key === column ? sort.dir : undefined;
  return (
    <th
      scope="col"
      aria-sort={sorted}
      className={`${column === 'domain' ? '' : 'num'}${sticky ? ' domains-sticky' : ''}`}
      data-column={column}
    >
      <button
        type="button"
        className={`domains-sort${swatch ? ' is-outcome' : ''}`}
        onClick={() => onSort(nextSort(sort, column))}
      >
        {swatch && (
          <span className={`domains-swatch domains-mark is-${column}`} aria-hidden="true" />
        )}
        {columnLabel(column, t)}
        {/* Only the sorted column's: an arrow on each would leave less room for the numbers. */}
        {sorted && <span className={`domains-arrow is-${sorted}`} aria-hidden="true" />}
      </button>
    </th>
  );
}

function DomainRow({
  counts,
  outcomes,
  findings,
  onDomain,
  group = false,
  single = false,
  testId,
  children,
}: {
  counts: DomainCounts | DomainStats;
  outcomes: readonly { key: OutcomeKey }[];
  findings: readonly { key: FindingKey }[];
  onDomain?: ((domain: string) => void) | undefined;
  /** A row of many domains summed: "other domains", or the folded single-address ones. */
  group?: boolean;
  /** One of the folded single-address domains, shown once the fold is opened. */
  single?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const t = useT();
  const domain = 'domain' in counts ? counts.domain : null;
  const { addresses } = counts;
  const rowClass = group ? 'domains-other' : single ? 'domains-single' : undefined;
  return (
    <tr className={rowClass} data-domain={domain ?? undefined} data-testid={testId}>
      <th scope="row" className="domains-sticky domains-name">
        {onDomain && domain !== null ? (
          <button
            type="button"
            className="domains-link"
            title={t('domains.showRows', { domain })}
            onClick={() => onDomain(domain)}
          >
            {children}
          </button>
        ) : (
          <span className="domains-label" title={domain ?? undefined}>
            {children}
          </span>
        )}
        <DomainWarnings findings={counts.findings} label={(c) => columnLabel(c, t)} />
        <span className="domains-bar" aria-hidden="true">
          {OUTCOME_COLUMNS.map(({ key }) =>
            counts[key] > 0 ? (
              <span
                key={key}
                className={`domains-mark is-${key}`}
                style={{ width: `${(counts[key] / Math.max(1, addresses)) * 100}%` }}
              />
            ) : null,
          )}
        </span>
      </th>
      <td className="num">{formatNumber(addresses)}</td>
      {outcomes.map(({ key }) => (
        <CountCell key={key} count={counts[key]} of={addresses} />
      ))}
      {findings.map(({ key }) => (
        <CountCell key={key} count={counts.findings[key]} of={addresses} />
      ))}
    </tr>
  );
}

/** A count and, when not zero, its share of the domain's addresses. */
function CountCell({ count, of }: { count: number; of: number }) {
  return (
    <td className={`num${count === 0 ? ' is-zero' : ''}`}>
      {formatNumber(count)}
      {count > 0 && (
        <>
          {' '}
          <span className="domains-share">{formatShare(count, of)}</span>
        </>
      )}
    </td>
  );
}
