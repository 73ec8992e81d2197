// Settings → Suppression list: the addresses List Cleaner never sends and
// never pays for. An export is dropped on the section or chosen in the Open
// dialog (granted to main by that gesture; the window holds only a token),
// and what it added is said; the list's files are shown with their counts and
// dates, each removable after a question; one address can be looked up and
// taken off the list.
import { useState, type DragEvent } from 'react';
import type {
  SuppressionEntryView,
  SuppressionImportView,
  SuppressionSourceView,
} from '../../../../../electron/common/views/suppression-views';
import { call, errorMessage } from '../../../api/call';
import {
  useFindSuppressed,
  useImportSuppression,
  useRemoveSuppressed,
  useRemoveSuppressionSource,
  useSuppression,
} from '../../../api/suppression-hooks';
import { DangerConfirm } from '../../../components/DangerConfirm';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { SettingForm } from '../settings/SettingForm';
import { useT } from '../../../i18n/words';
import { formatNumber } from '../../../format';
import { entryLine, importLine, sourceLine } from './suppression-words';
import './suppression.css';

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

export function SuppressionSection({ idBase }: { idBase: string }) {
  const summary = useSuppression();
  const t = useT();
  const titleId = `${idBase}-title`;
  return (
    <section
      className="dialog-section suppression"
      aria-labelledby={titleId}
      data-testid="suppression-section"
    >
      <h3 id={titleId}>{t('suppression.title')}</h3>
      <p className="hint">
        {t('suppression.intro')}
        {summary.data?.team && ` ${t('suppression.team')}`}
      </p>
      <AddExport />
      {summary.isError && <ErrorNotice error={summary.error} />}
      {summary.data && (
        <>
          <p className="suppression-count" data-testid="suppression-count">
            {summary.data.count === 0
              ? t('suppression.empty')
              : t('suppression.count', {
                  n: summary.data.count,
                  count: formatNumber(summary.data.count),
                })}
          </p>
          {summary.data.sources.length > 0 && (
            <ul className="connection-list" aria-label={t('suppression.files')}>
              {summary.data.sources.map((source) => (
                <li key={source.name} className="connection" data-testid="suppression-source">
                  <SourceRow source={source} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <LookUp inputId={`${idBase}-look-up`} />
    </section>
  );
}

function AddExport() {
  const add = useImportSuppression();
  const t = useT();
  const [added, setAdded] = useState<SuppressionImportView[]>([]);
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<unknown>(null);

  /** Adds each granted file in turn; a refused one is said, the rest still go. */
  const addAll = async (grants: (() => Promise<string>)[]) => {
    setAdded([]);
    setProblem(null);
    for (const grant of grants) {
      try {
        const view = await add.mutateAsync(await grant());
        setAdded((shown) => [...shown, view]);
      } catch (err) {
        setProblem(err);
      }
    }
  };
  const choose = async () => {
    try {
      const chosen = await call(window.api.file.choose());
      if (chosen) await addAll([async () => chosen.token]);
    } catch (err) {
      setProblem(err);
    }
  };
  // The drop is the section's: the window's own drop (a list to check) never sees it.
  const onDrag = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'copy';
    setOver(e.type !== 'dragleave');
  };
  const onDrop = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.stopPropagation();
    setOver(false);
    const files = [...e.dataTransfer.files];
    void addAll(files.map((file) => async () => (await call(window.files.grant(file))).token));
  };

  return (
    <div
      className={over ? 'suppression-drop is-over' : 'suppression-drop'}
      onDragEnter={onDrag}
      onDragOver={onDrag}
      onDragLeave={onDrag}
      onDrop={onDrop}
      data-testid="suppression-drop"
    >
      <p className="suppression-drop-line">
        {t('suppression.drop')}{' '}
        <button
          type="button"
          className="button secondary small"
          disabled={add.isPending}
          onClick={() => void choose()}
        >
          {add.isPending ? t('suppression.adding') : t('suppression.choose')}
        </button>
      </p>
      <p className="hint">{t('suppression.formats')}</p>
      <div role="status" data-testid="suppression-result">
        {added.length > 0 && (
          <ul className="suppression-added">
            {added.map((view, i) => (
              <li key={`${view.fileName}-${i}`}>{importLine(view, t)}</li>
            ))}
          </ul>
        )}
      </div>
      {problem !== null && <ErrorNotice error={problem} />}
    </div>
  );
}

function SourceRow({ source }: { source: SuppressionSourceView }) {
  const remove = useRemoveSuppressionSource();
  const t = useT();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <div className="connection-line">
        <span className="connection-name">
          <span className="connection-title" data-user-value>
            {source.name}
          </span>
          <span className="connection-state">{sourceLine(source, t)}</span>
        </span>
        {!asking && (
          <button
            type="button"
            className="button danger small"
            onClick={() => setAsking(true)}
            aria-label={t('suppression.removeFile', { name: source.name })}
          >
            {t('suppression.removeButton')}
          </button>
        )}
      </div>
      {asking && (
        <DangerConfirm
          label={t('suppression.removeQuestion', { name: source.name })}
          confirm={t('suppression.remove')}
          keep={t('suppression.keep')}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(source.name)}
          onKeep={() => setAsking(false)}
        >
          {t('suppression.removeBody', {
            name: source.name,
            n: source.entries,
            count: formatNumber(source.entries),
          })}
        </DangerConfirm>
      )}
    </>
  );
}

function LookUp({ inputId }: { inputId: string }) {
  const find = useFindSuppressed();
  const remove = useRemoveSuppressed();
  const t = useT();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const address = typed.trim();
  const looked = find.data === undefined ? undefined : find.data;
  return (
    <SettingForm
      label={t('suppression.lookUp.label')}
      inputId={inputId}
      error={problem}
      canSave={address !== '' && !find.isPending}
      submitLabel={
        find.isPending ? t('suppression.lookUp.looking') : t('suppression.lookUp.submit')
      }
      onSubmit={() => {
        remove.reset();
        find.mutate(address, { onError: (err) => setProblem(errorMessage(err)) });
      }}
      hint={t('suppression.lookUp.hint')}
      field={(aria) => (
        <input
          {...aria}
          type="email"
          autoComplete="off"
          spellCheck={false}
          placeholder="name@example.com"
          data-user-value
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setProblem(null);
            find.reset();
            remove.reset();
          }}
        />
      )}
      testId="suppression-look-up"
    >
      {looked !== undefined && (
        <LookedUp
          entry={looked}
          removed={remove.data?.removed === true}
          pending={remove.isPending}
          error={remove.error}
          onRemove={(entry) => remove.mutate(entry.address)}
        />
      )}
    </SettingForm>
  );
}

function LookedUp(props: {
  entry: SuppressionEntryView | null;
  removed: boolean;
  pending: boolean;
  error: unknown;
  onRemove: (entry: SuppressionEntryView) => void;
}) {
  const { entry } = props;
  const t = useT();
  if (entry === null) {
    return (
      <p className="hint suppression-found" role="status" data-testid="suppression-found">
        {t('suppression.notFound')}
      </p>
    );
  }
  return (
    <div className="suppression-found" role="status" data-testid="suppression-found">
      <p>
        <span className="connection-title" data-user-value>
          {entry.address}
        </span>
        {props.removed ? ` ${t('suppression.takenOff')}` : `: ${entryLine(entry, t)}`}
      </p>
      {props.error != null && <ErrorNotice error={props.error} />}
      {!props.removed && (
        <div className="button-row">
          <button
            type="button"
            className="button secondary small"
            disabled={props.pending}
            onClick={() => props.onRemove(entry)}
          >
            {t('suppression.takeOff')}
          </button>
        </div>
      )}
    </div>
  );
}
