// The write-back's plan, before anything is sent: per result, how many
// members and what they get, what is left as it is, the optional step that
// archives (or unsubscribes) the undeliverable members, and Start. Main asks
// in its own dialog, naming the count, before it retires anyone.
import { useId, useState, type FormEvent } from 'react';
import { platformListName } from '../../../../../electron/common/words/platform-list-name';
import { PLATFORM_NAMES } from '../../../../../electron/common/catalogs/platforms';
import type { useStartWriteBack } from '../../../api/platform-hooks';
import { useWriteBackPlan } from '../../../api/platform-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { formatNumber } from '../../../format';
import { useRich, useT } from '../../../i18n/words';
import {
  freeNote,
  howLine,
  noRetireLine,
  planNotes,
  planRows,
  retireModeOf,
  retireWords,
  toWrite,
} from './writeback-words';

interface Props {
  jobId: string;
  start: ReturnType<typeof useStartWriteBack>;
  onStarted: () => void;
  /** Back to the report the plan was asked for over; null when there is none. */
  onBack: (() => void) | null;
}

export function WriteBackPlanView({ jobId, start, onStarted, onBack }: Props) {
  const t = useT();
  const rich = useRich();
  const id = useId();
  const plan = useWriteBackPlan(jobId);
  const [retire, setRetire] = useState(false);

  if (plan.isPending) {
    return (
      <div className="drawer-body" aria-busy="true">
        <p className="hint">{t('writeback.plan.working')}</p>
      </div>
    );
  }
  if (plan.isError) {
    return (
      <div className="drawer-body">
        <ErrorNotice error={plan.error} title={t('writeback.error.plan')} />
      </div>
    );
  }
  const p = plan.data;
  const name = PLATFORM_NAMES[p.platform];
  const rows = planRows(t, p);
  const total = toWrite(p.counts);
  const mode = retireModeOf(p);
  const retireText = mode ? retireWords(t, p, mode) : null;
  const nothing = total === 0 && !(retire && mode);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (start.isPending || nothing) return;
    start.mutate(retire && mode ? mode : null, { onSuccess: onStarted });
  };

  return (
    <form className="writeback-form" onSubmit={submit} data-testid="writeback-plan">
      <div className="drawer-body">
        <p>
          {rich('writeback.plan.intro', {
            listName: platformListName(t, p.platform, p.listName),
            platform: name,
            value: (chunks) => <span data-user-value>{chunks}</span>,
          })}
        </p>
        <p className="hint" data-testid="writeback-how">
          {howLine(t, p)}
        </p>
        {rows.length === 0 ? (
          <p>{t('writeback.plan.nothing')}</p>
        ) : (
          <table className="writeback-table" aria-labelledby={`${id}-caption`}>
            <caption id={`${id}-caption`} className="visually-hidden">
              {t('writeback.plan.caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('writeback.plan.result')}</th>
                <th scope="col" className="num">
                  {t('writeback.plan.members')}
                </th>
                <th scope="col">{t('writeback.plan.writtenAs')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.status} data-testid={`plan-${r.status}`}>
                  <th scope="row">{r.label}</th>
                  <td className="num">{formatNumber(r.members)}</td>
                  <td>
                    <code>{r.writtenAs}</code>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('writeback.plan.total')}</th>
                <td className="num" data-testid="plan-total">
                  {formatNumber(total)}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        )}
        {planNotes(t, p.counts).map((note) => (
          <p key={note} className="hint">
            {note}
          </p>
        ))}
        {retireText ? (
          <label className="pick-choice writeback-retire">
            <input
              type="checkbox"
              checked={retire}
              onChange={(e) => setRetire(e.target.checked)}
              aria-describedby={`${id}-retire`}
            />
            <span className="pick-choice-text">
              <span className="pick-choice-label">{retireText.label}</span>
              <span className="pick-choice-hint" id={`${id}-retire`}>
                {retireText.hint}
              </span>
            </span>
          </label>
        ) : (
          p.counts.retirable > 0 && (
            <p className="hint" data-testid="writeback-no-retire">
              {noRetireLine(t, p)}
            </p>
          )
        )}
        <p className="hint">{freeNote(t)}</p>
      </div>
      <div className="drawer-footer">
        {start.isError && <ErrorNotice error={start.error} title={t('writeback.error.start')} />}
        {/* Not disabled while starting: a disabled button would drop the keyboard focus. */}
        <div className="button-row">
          <button
            type="submit"
            className="button primary"
            aria-disabled={start.isPending || nothing || undefined}
          >
            {start.isPending
              ? t('writeback.starting')
              : t('writeback.plan.start', { platform: name })}
          </button>
          {onBack && (
            <button type="button" className="button secondary" onClick={onBack}>
              {t('writeback.plan.back')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
