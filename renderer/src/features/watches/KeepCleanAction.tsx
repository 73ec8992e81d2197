// "Keep this list clean…" in a finished platform job's header: a form that
// makes a watch of the list the job read (main reads which list from the
// job; the window names none): how often, at what time, the re-check age,
// the monthly cap, and whether undeliverable members are retired on every
// run, which main's own dialog confirms in words of what will happen.
import { useId, useRef, useState } from 'react';
import type { JobView } from '../../../../electron/ipc/contract';
import { PLATFORM_NAMES } from '../../../../electron/common/catalogs/platforms';
import type { WatchDraftView } from '../../../../electron/common/views/watch-views';
import { useAddWatch, useWatchDraft } from '../../api/watch-hooks';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatNumber, formatUsdExact } from '../../format';
import { useT } from '../../i18n/words';
import { useUiStore } from '../../state/ui-store';
import { ExportDrawer } from '../results/export/ExportDrawer';
import './watches.css';

type CapChoice = 'account' | 'usd' | 'none';

/** The monthly cap: Settings' spending limit, an amount, or none. */
function CapChoices({
  name,
  cap,
  setCap,
  capUsd,
  setCapUsd,
  accountLimitMicros,
}: {
  name: string;
  cap: CapChoice;
  setCap(cap: CapChoice): void;
  capUsd: string;
  setCapUsd(value: string): void;
  accountLimitMicros: number | null;
}) {
  const t = useT();
  return (
    <fieldset className="stack-sm">
      <legend>{t('keepClean.cap')}</legend>
      <label>
        <input
          type="radio"
          name={name}
          checked={cap === 'account'}
          onChange={() => setCap('account')}
        />{' '}
        {accountLimitMicros === null
          ? t('keepClean.capAccountNone')
          : t('keepClean.capAccount', { limit: formatUsdExact(accountLimitMicros) })}
      </label>
      <label>
        <input type="radio" name={name} checked={cap === 'usd'} onChange={() => setCap('usd')} />{' '}
        {t('keepClean.capUsd')}
      </label>
      {cap === 'usd' && (
        <input
          type="text"
          inputMode="decimal"
          aria-label={t('keepClean.capAmount')}
          value={capUsd}
          onChange={(e) => setCapUsd(e.target.value)}
        />
      )}
      <label>
        <input type="radio" name={name} checked={cap === 'none'} onChange={() => setCap('none')} />{' '}
        {t('keepClean.capNone')}
      </label>
    </fieldset>
  );
}

function KeepCleanForm({ draft, onDone }: { draft: WatchDraftView; onDone(): void }) {
  const t = useT();
  const id = useId();
  const add = useAddWatch();
  const go = useUiStore((s) => s.go);
  const [count, setCount] = useState(1);
  const [unit, setUnit] = useState<'days' | 'weeks'>('weeks');
  const [at, setAt] = useState('09:00');
  const [recheck, setRecheck] = useState(draft.recheckDays);
  const [cap, setCap] = useState<CapChoice>('account');
  const [capUsd, setCapUsd] = useState('50');
  const [retire, setRetire] = useState(false);
  const [ceiling, setCeiling] = useState(2);
  const platform = PLATFORM_NAMES[draft.platform];
  const mode = draft.retireModes.includes('archive') ? 'archive' : draft.retireModes[0];
  const capMicros = Math.round(Number(capUsd.replace(',', '.')) * 1_000_000);
  const valid =
    count >= 1 &&
    recheck >= 1 &&
    recheck <= draft.maxRecheckDays &&
    (cap !== 'usd' || capMicros >= 1) &&
    (!retire || (ceiling > 0 && ceiling <= 100));
  const submit = () =>
    add.mutate(
      {
        jobId: draft.jobId,
        every: { count, unit },
        at: at === '' ? null : at,
        recheckDays: recheck,
        cap: cap === 'usd' ? { kind: 'usd', micros: capMicros } : { kind: cap },
        retire:
          retire && mode !== undefined
            ? { mode, ceilingBp: Math.max(1, Math.round(ceiling * 100)) }
            : null,
      },
      {
        onSuccess: () => {
          onDone();
          go('watches');
        },
      },
    );
  return (
    <form
      className="drawer-body stack keep-clean"
      data-testid="keep-clean-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) submit();
      }}
    >
      <p>{t('keepClean.intro', { list: draft.listName, platform })}</p>
      <fieldset className="stack-sm">
        <legend>{t('keepClean.every')}</legend>
        <div className="keep-clean-row">
          <input
            id={`${id}-count`}
            type="number"
            min={1}
            max={unit === 'weeks' ? 52 : 365}
            value={count}
            aria-label={t('keepClean.count')}
            onChange={(e) => setCount(Math.trunc(Number(e.target.value)))}
          />
          <select
            aria-label={t('keepClean.unit')}
            value={unit}
            onChange={(e) => setUnit(e.target.value === 'days' ? 'days' : 'weeks')}
          >
            <option value="days">{t('keepClean.unitName', { unit: 'days', count })}</option>
            <option value="weeks">{t('keepClean.unitName', { unit: 'weeks', count })}</option>
          </select>
          <label htmlFor={`${id}-at`}>{t('keepClean.at')}</label>
          <input id={`${id}-at`} type="time" value={at} onChange={(e) => setAt(e.target.value)} />
        </div>
      </fieldset>
      <div className="stack-sm">
        <label htmlFor={`${id}-recheck`}>{t('keepClean.recheck')}</label>
        <input
          id={`${id}-recheck`}
          type="number"
          min={1}
          max={draft.maxRecheckDays}
          value={recheck}
          aria-describedby={`${id}-recheck-hint`}
          onChange={(e) => setRecheck(Math.trunc(Number(e.target.value)))}
        />
        <p id={`${id}-recheck-hint`} className="hint">
          {t('keepClean.recheckHint', { days: recheck })}
        </p>
      </div>
      <CapChoices
        name={`${id}-cap`}
        cap={cap}
        setCap={setCap}
        capUsd={capUsd}
        setCapUsd={setCapUsd}
        accountLimitMicros={draft.accountLimitMicros}
      />
      {mode !== undefined && (
        <fieldset className="stack-sm">
          <legend>{t('keepClean.retireTitle')}</legend>
          <label>
            <input type="checkbox" checked={retire} onChange={(e) => setRetire(e.target.checked)} />{' '}
            {t('keepClean.retire', { mode })}
          </label>
          {retire && (
            <>
              <label htmlFor={`${id}-ceiling`}>{t('keepClean.ceiling')}</label>
              <input
                id={`${id}-ceiling`}
                type="number"
                min={0.01}
                max={100}
                step="any"
                value={ceiling}
                onChange={(e) => setCeiling(Number(e.target.value))}
              />
              <p className="hint" data-testid="retire-now">
                {t('keepClean.retireNow', {
                  count: draft.retirable,
                  members: formatNumber(draft.members),
                  mode,
                  over:
                    draft.retirable > Math.floor((draft.members * ceiling) / 100) ? 'yes' : 'no',
                })}
              </p>
            </>
          )}
        </fieldset>
      )}
      {add.isError && <ErrorNotice error={add.error} />}
      <div className="button-row">
        <button type="submit" className="button primary" disabled={!valid || add.isPending}>
          {t('keepClean.make')}
        </button>
      </div>
    </form>
  );
}

function DraftLoader({ jobId, onDone }: { jobId: string; onDone(): void }) {
  const t = useT();
  const draft = useWatchDraft(jobId, true);
  if (draft.isError) {
    return (
      <div className="drawer-body">
        <ErrorNotice error={draft.error} />
      </div>
    );
  }
  if (!draft.data)
    return <div className="drawer-body" aria-busy="true" aria-label={t('keepClean.reading')} />;
  return <KeepCleanForm draft={draft.data} onDone={onDone} />;
}

export function KeepCleanAction({ job }: { job: JobView }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!job.source || job.state !== 'done') return null;
  return (
    <>
      <button
        type="button"
        className="button secondary"
        ref={button}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {t('keepClean.open')}
      </button>
      <ExportDrawer
        open={open}
        title={t('keepClean.title')}
        onClose={() => setOpen(false)}
        returnFocus={() => button.current}
        testId="keep-clean-drawer"
      >
        {open && <DraftLoader jobId={job.id} onDone={() => setOpen(false)} />}
      </ExportDrawer>
    </>
  );
}
