// The review of an imported list before anything is sent: the file's facts, the counts, what
// the free checks found and which of it not to pay for, the address column; beside them the
// decision first (what to check, what it costs, Check), then a sample first if wanted, and how
// the estimate is worked out behind a disclosure.
import { SeenBefore } from './SeenBefore';
import type { ReactNode } from 'react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import type { ImportView } from '../../../../../electron/ipc/contract';
import { ApiError } from '../../../api/call';
import { SAMPLE_MUTATION, useEstimate, useStartJob } from '../../../api/job-hooks';
import { queryKeys } from '../../../api/query-keys';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatBytes, formatNumber } from '../../../format';
import { useUiStore } from '../../../state/ui-store';
import { ChooseFileButton } from '../reading/ChooseFileButton';
import { routeNote } from './review-words';
import { ColumnPreview } from './ColumnPreview';
import { ColumnChoiceHere } from './ColumnSelect';
import { CostBox, balanceShort } from '../cost/CostBox';
import { CostDetails } from '../cost/CostDetails';
import { FreeLines } from '../cost/FreeSavings';
import { DontPayFor } from '../findings/DontPayFor';
import { DnsUnavailableNote, FreeFindings } from '../findings/FreeFindings';
import { ProductChoice } from './ProductChoice';
import { SampleCheck } from '../cost/SampleCheck';
import { SheetPicker } from './SheetPicker';
import { StartControls } from '../cost/StartControls';
import { workbookFormat } from '../import-words';
import { useFlowFocus, useImportFlow } from '../use-file-import';
import { useT } from '../../../i18n/words';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import './review.css';

/** The separators and encodings main names (ipc/jobs/views.ts, lists/read/encoding.ts), in the user's words. */
const SEPARATOR_IDS = {
  comma: 'review.facts.separator.comma',
  semicolon: 'review.facts.separator.semicolon',
  tab: 'review.facts.separator.tab',
  pipe: 'review.facts.separator.pipe',
} as const satisfies Record<string, MessageId>;
const ENCODING_IDS = {
  'UTF-8 with BOM': 'review.facts.encoding.utf8Bom',
} as const satisfies Record<string, MessageId>;

/** A word main sent, in the user's language where it is one of `ids`; else as it came (a name). */
const named = <K extends string>(
  ids: Record<K, MessageId>,
  word: string,
  t: (id: MessageId) => string,
) => (word in ids ? t(ids[word as K]) : word);

/** The review of an imported list: what will be checked, what it costs, Start. */
export function ReviewPanel({ review, notices }: { review: ImportView; notices?: ReactNode }) {
  const heading = useFlowFocus<HTMLHeadingElement>('review');
  const t = useT();
  const product = useUiStore((s) => s.product);
  const skip = useUiStore((s) => s.skip);
  const others = useUiStore((s) => s.others);
  const jobId = review.job.id;
  const estimate = useEstimate(jobId, product, skip, others);
  const start = useStartJob();
  const sampling = useIsMutating({ mutationKey: SAMPLE_MUTATION }) > 0;
  const client = useQueryClient();
  const unique = review.counts.unique;
  const busy = start.isPending || sampling;
  const short = balanceShort(estimate.data);

  const onStart = async (overLimit: boolean) => {
    try {
      await start.mutateAsync({
        jobId,
        product,
        skip,
        ...(product === 'avatar' ? { others } : {}),
        ...(overLimit ? { overLimit } : {}),
      });
      const ui = useUiStore.getState();
      ui.setReview(null);
      useImportFlow.getState().set({ focus: 'jobs' });
      ui.go('jobs');
    } catch (err) {
      // A refusal may come from a fresher balance, price or limit than the ones shown: show those.
      void client.invalidateQueries({ queryKey: queryKeys.jobs.estimatesOf(jobId) });
      if (err instanceof ApiError && err.code === 'insufficient_balance') {
        void client.invalidateQueries({ queryKey: queryKeys.balance });
      }
    }
  };

  return (
    <>
      <div className="page-head">
        <h1 className="page-title" tabIndex={-1} ref={heading}>
          {t('review.title')}
        </h1>
        <ChooseFileButton className="button secondary small" disabled={busy}>
          {t('import.chooseAnotherFile')}
        </ChooseFileButton>
      </div>
      {notices}
      {review.seenBefore && (
        <SeenBefore seen={review.seenBefore} reusedNow={estimate.data?.reused.count ?? null} />
      )}

      <div className="review-grid">
        <div className="review-main">
          <FileFacts review={review} />
          {review.workbook && (
            <SheetPicker key={review.job.id} review={review} book={review.workbook} />
          )}
          <Counts review={review} skipped={estimate.data?.skipped} busy={busy} />
          <ColumnPreview review={review} />
        </div>

        <aside className="review-side" aria-label={t('review.side')}>
          <section className="card review-card" aria-labelledby="product-title">
            <ProductChoice disabled={busy} />
            <CostBox
              estimate={estimate.data}
              product={product}
              pending={estimate.isPending || estimate.isPlaceholderData}
              busy={busy}
            />
            {estimate.isError && (
              <div className="stack-sm">
                <ErrorNotice error={estimate.error} title={t('cost.estimateFailed')} />
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => void estimate.refetch()}
                >
                  {t('import.tryAgain')}
                </button>
              </div>
            )}
            {estimate.data && <FreeLines estimate={estimate.data} />}
            {start.isError && <ErrorNotice error={start.error} title={t('cost.start.failed')} />}
            {unique === 0 && (
              <div className="notice notice-warning stack-sm" id="start-blocked">
                <p>{t('review.column.noneUsable')}</p>
                <ColumnChoiceHere review={review} />
              </div>
            )}
            <StartControls
              unique={unique}
              estimate={estimate.data}
              pending={busy}
              blocked={unique === 0 ? 'start-blocked' : short ? 'start-blocked-balance' : null}
              onStart={(overLimit) => void onStart(overLimit)}
            />
            {estimate.data && estimate.data.toSend > 0 && (
              <p className="hint route-note">{routeNote(estimate.data, t)}</p>
            )}
            <SampleCheck estimate={estimate.data} busy={start.isPending} />
            {estimate.data && <CostDetails estimate={estimate.data} />}
          </section>
        </aside>
      </div>
    </>
  );
}

function FileFacts({ review }: { review: ImportView }) {
  const t = useT();
  const format = workbookFormat(review, t);
  return (
    <section className="card file-facts" aria-labelledby="file-title">
      <h2 id="file-title" className="file-title">
        <svg className="file-icon" viewBox="0 0 20 20" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
            d="M5 2.5h7l3.5 3.5v11a.5.5 0 0 1-.5.5H5a.5.5 0 0 1-.5-.5V3a.5.5 0 0 1 .5-.5ZM12 2.5V6h3.5"
          />
        </svg>
        <span className="file-name">{review.fileName}</span>
      </h2>
      <dl className="facts">
        <div>
          <dt>{t('review.facts.size')}</dt>
          <dd>{formatBytes(review.sizeBytes)}</dd>
        </div>
        {/* A workbook has no encoding or separator of its own to tell: its format and sheet instead. */}
        {format ? (
          <div>
            <dt>{t('review.facts.format')}</dt>
            <dd data-testid="file-format">{format}</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>{t('review.facts.encoding')}</dt>
              <dd>{named(ENCODING_IDS, review.encoding, t)}</dd>
            </div>
            <div>
              <dt>{t('review.facts.separator')}</dt>
              <dd>{named(SEPARATOR_IDS, review.delimiter, t)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('review.facts.header')}</dt>
          <dd>{review.hasHeader ? t('review.facts.headerYes') : t('review.facts.headerNo')}</dd>
        </div>
      </dl>
    </section>
  );
}

function Counts({
  review,
  skipped,
  busy,
}: {
  review: ImportView;
  skipped: Parameters<typeof DontPayFor>[0]['skipped'];
  busy: boolean;
}) {
  const skip = useUiStore((s) => s.skip);
  const setSkip = useUiStore((s) => s.setSkip);
  const t = useT();
  const { rows, invalid, empty, duplicates, unique } = review.counts;
  // Read as a sum: rows − not addresses − empty − repeats = addresses to check.
  const tiles = [
    { key: 'rows', label: t('review.counts.rows'), value: rows, op: null },
    { key: 'invalid', label: t('review.counts.invalid'), value: invalid, op: '−' },
    { key: 'empty', label: t('review.counts.empty'), value: empty, op: '−' },
    { key: 'duplicates', label: t('review.counts.repeats'), value: duplicates, op: '−' },
    { key: 'unique', label: t('review.counts.toCheck'), value: unique, op: '=' },
  ];
  return (
    <section className="card counts-card" aria-labelledby="counts-title">
      <h2 id="counts-title" className="card-label">
        {t('review.counts.title')}
      </h2>
      <dl className="counts" data-testid="review-counts">
        {tiles.map((tile) => (
          <div key={tile.key} className={`count is-${tile.key}`}>
            {tile.op && (
              <span className="count-op" aria-hidden="true">
                {tile.op}
              </span>
            )}
            <dt>{tile.label}</dt>
            <dd data-testid={tile.key === 'unique' ? 'unique-count' : `count-${tile.key}`}>
              {formatNumber(tile.value)}
              {tile.op === '−' && (
                <span className="visually-hidden"> {t('review.counts.removedFree')}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="hint">{t('review.counts.hint')}</p>
      <FreeFindings findings={review.findings} />
      {review.findings && (
        <DontPayFor
          findings={review.findings}
          skip={skip}
          skipped={skipped}
          onChange={setSkip}
          disabled={busy}
        />
      )}
      <DnsUnavailableNote findings={review.findings} />
    </section>
  );
}
