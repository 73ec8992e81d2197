// What keeps the per-domain table from dropping anything on a narrow window
// (DomainTable.tsx): the columns scrolled out of sight, named over the table
// with a Show that scrolls to them, and a domain's warnings as badges under
// its name, in the column that never scrolls away.
import type { RefObject } from 'react';
import type { DomainCounts } from '../../../../../electron/common/views/views';
import { useT } from '../../../i18n/words';
import type { DomainSortKey, FindingKey } from './domain-sort';
import { useColumnsOutOfSight } from './use-columns-out-of-sight';

/** The findings that warn about a domain; free webmail and role addresses are facts, not warnings. */
const WARNINGS: readonly FindingKey[] = ['typo', 'disposable', 'noMail'];

const COLUMNS: readonly string[] = [
  'domain',
  'addresses',
  'deliverable',
  'undeliverable',
  'unknown',
  'skipped',
  'role',
  'free',
  'disposable',
  'typo',
  'noMail',
] satisfies readonly DomainSortKey[];
const isColumn = (name: string): name is DomainSortKey => COLUMNS.includes(name);

export function ColumnsOutOfSight({
  box,
  layout,
  label,
}: {
  /** The box the table scrolls sideways in. */
  box: RefObject<HTMLElement | null>;
  /** Measured again when this changes (the rows and columns shown). */
  layout: unknown;
  label: (column: DomainSortKey) => string;
}) {
  const t = useT();
  const out = useColumnsOutOfSight(box, layout).filter(isColumn);
  if (out.length === 0) return null;
  return (
    <p className="domains-more" data-testid="domains-more">
      {t('domains.moreColumns', { count: out.length, names: out.map(label).join(', ') })}{' '}
      <button
        type="button"
        className="button ghost small"
        onClick={() => box.current?.scrollTo({ left: box.current.scrollWidth })}
      >
        {t('common.show')}
      </button>
    </p>
  );
}

export function DomainWarnings({
  findings,
  label,
}: {
  findings: DomainCounts['findings'];
  label: (column: FindingKey) => string;
}) {
  const found = WARNINGS.filter((key) => findings[key] > 0);
  if (found.length === 0) return null;
  return (
    <span className="domains-warnings" data-testid="domain-warnings">
      {found.map((key) => (
        <span key={key} className="domains-warning">
          {label(key)}
        </span>
      ))}
    </span>
  );
}
