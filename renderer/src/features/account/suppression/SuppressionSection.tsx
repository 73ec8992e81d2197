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
} from '../../../../../electron/common/suppression-views';
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
import { plural } from '../../../format';
import { SettingForm } from '../SettingForm';
import { entryLine, importLine, sourceLine } from './suppression-words';
import './suppression.css';

const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

export function SuppressionSection({ idBase }: { idBase: string }) {
  const summary = useSuppression();
  const titleId = `${idBase}-title`;
  return (
    <section
      className="dialog-section suppression"
      aria-labelledby={titleId}
      data-testid="suppression-section"
    >
      <h3 id={titleId}>Suppression list</h3>
      <p className="hint">
        Addresses List Cleaner never sends and never pays for: the bounces, spam complaints and
        unsubscribes your sending platform exports.
        {summary.data?.team && ' Your team shares this list through the team store.'}
      </p>
      <AddExport />
      {summary.isError && <ErrorNotice error={summary.error} />}
      {summary.data && (
        <>
          <p className="suppression-count" data-testid="suppression-count">
            {summary.data.count === 0
              ? 'No addresses on the list yet.'
              : `${plural(summary.data.count, 'address', 'addresses')} on the list.`}
          </p>
          {summary.data.sources.length > 0 && (
            <ul className="connection-list" aria-label="Files on the list">
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
        Drop an export here, or{' '}
        <button
          type="button"
          className="button secondary small"
          disabled={add.isPending}
          onClick={() => void choose()}
        >
          {add.isPending ? 'Adding…' : 'Choose export…'}
        </button>
      </p>
      <p className="hint">
        Recognised by their columns: Mailchimp cleaned and unsubscribed members; SendGrid bounces,
        blocks, spam reports, invalid emails and unsubscribes; Mailgun bounces, complaints and
        unsubscribes; Postmark bounces and suppressions; the Amazon SES suppression list. Any other
        CSV with a column of addresses is added as addresses you suppress yourself.
      </p>
      <div role="status" data-testid="suppression-result">
        {added.length > 0 && (
          <ul className="suppression-added">
            {added.map((view, i) => (
              <li key={`${view.fileName}-${i}`}>{importLine(view)}</li>
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
  const [asking, setAsking] = useState(false);
  return (
    <>
      <div className="connection-line">
        <span className="connection-name">
          <span className="connection-title" data-user-value>
            {source.name}
          </span>
          <span className="connection-state">{sourceLine(source)}</span>
        </span>
        {!asking && (
          <button
            type="button"
            className="button danger small"
            onClick={() => setAsking(true)}
            aria-label={`Remove ${source.name}…`}
          >
            Remove…
          </button>
        )}
      </div>
      {asking && (
        <DangerConfirm
          label={`Remove ${source.name}?`}
          confirm="Remove"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(source.name)}
          onKeep={() => setAsking(false)}
        >
          Remove {source.name}? Its {plural(source.entries, 'address', 'addresses')} can be sent and
          paid for again, unless another file on the list names them.
        </DangerConfirm>
      )}
    </>
  );
}

function LookUp({ inputId }: { inputId: string }) {
  const find = useFindSuppressed();
  const remove = useRemoveSuppressed();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const address = typed.trim();
  const looked = find.data === undefined ? undefined : find.data;
  return (
    <SettingForm
      label="Look up an address"
      inputId={inputId}
      error={problem}
      canSave={address !== '' && !find.isPending}
      submitLabel={find.isPending ? 'Looking…' : 'Look up'}
      onSubmit={() => {
        remove.reset();
        find.mutate(address, { onError: (err) => setProblem(errorMessage(err)) });
      }}
      hint="Whether an address is on the list, why, and from which file."
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
  if (entry === null) {
    return (
      <p className="hint suppression-found" role="status" data-testid="suppression-found">
        Not on the suppression list.
      </p>
    );
  }
  return (
    <div className="suppression-found" role="status" data-testid="suppression-found">
      <p>
        <span className="connection-title" data-user-value>
          {entry.address}
        </span>
        {props.removed ? ' was taken off the list.' : `: ${entryLine(entry)}`}
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
            Take off the list
          </button>
        </div>
      )}
    </div>
  );
}
