// Settings → Connections: the list platforms a list can be read from and its
// verdicts written back to. Each says whether a key is saved, where it goes
// and its last four characters (never the key); Connect opens the form that
// takes a key, Remove asks first.
import { useEffect, useRef, useState } from 'react';
import type { ConnectionView } from '../../../../../electron/common/views/platform-views';
import type { PlatformId } from '../../../../../electron/common/catalogs/platforms';
import { useConnections, useRemovePlatform } from '../../../api/platform-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { DangerConfirm } from '../../../components/DangerConfirm';
import { ConnectPlatformForm } from './ConnectPlatformForm';
import { connectionLine, removeQuestion } from './connection-words';
import { useT } from '../../../i18n/words';
import './connections.css';

export function ConnectionsSection({ idBase }: { idBase: string }) {
  const connections = useConnections();
  const t = useT();
  // One form or question open at a time: the section stays short.
  const [open, setOpen] = useState<{ platform: PlatformId; what: 'connect' | 'remove' } | null>(
    null,
  );
  const titleId = `${idBase}-title`;

  return (
    <section className="dialog-section connections" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('connections.title')}</h3>
      <p className="hint">{t('connections.intro')}</p>
      {connections.isError && <ErrorNotice error={connections.error} />}
      <ul className="connection-list" aria-busy={connections.isPending}>
        {connections.data?.map((c) => (
          <li key={c.platform} className="connection" data-testid={`connection-${c.platform}`}>
            <ConnectionRow
              connection={c}
              inputId={`${idBase}-${c.platform}`}
              open={open?.platform === c.platform ? open.what : null}
              setOpen={(what) => setOpen(what ? { platform: c.platform, what } : null)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface RowProps {
  connection: ConnectionView;
  inputId: string;
  open: 'connect' | 'remove' | null;
  setOpen: (what: 'connect' | 'remove' | null) => void;
}

function ConnectionRow({ connection: c, inputId, open, setOpen }: RowProps) {
  const remove = useRemovePlatform();
  const t = useT();
  const action = useRef<HTMLButtonElement>(null);
  // The form or question closed: the focus goes to the row's action (Connect… or Remove…)
  // once it is drawn again, after the connection's new state.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || open !== null) return;
    refocus.current = false;
    action.current?.focus();
  }, [open]);
  const back = () => {
    refocus.current = true;
    setOpen(null);
  };
  return (
    <>
      <div className="connection-line">
        <div className="connection-name">
          <span className="connection-title">{c.name}</span>
          <span
            className={`connection-state ${c.connected ? 'is-connected' : ''}`}
            data-testid="connection-state"
            role="status"
          >
            {c.connected ? t('connections.connected') : t('connections.notConnected')}
          </span>
        </div>
        {open === null && (
          <button
            ref={action}
            type="button"
            className={`button small ${c.connected ? 'danger' : 'secondary'}`}
            onClick={() => setOpen(c.connected ? 'remove' : 'connect')}
          >
            {c.connected ? t('connections.removeButton') : t('connections.connectButton')}
            <span className="visually-hidden"> {c.name}</span>
          </button>
        )}
      </div>
      {c.connected && (
        <p className="hint connection-detail" data-testid="connection-detail">
          {connectionLine(c, t)}
        </p>
      )}
      {open === 'connect' && (
        <ConnectPlatformForm connection={c} inputId={inputId} onDone={back} onCancel={back} />
      )}
      {open === 'remove' && (
        <DangerConfirm
          label={t('connections.removeQuestion', { name: c.name })}
          confirm={t('connections.remove')}
          keep={t('connections.keep')}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(c.platform, { onSuccess: back })}
          onKeep={back}
        >
          {removeQuestion(c, t)}
        </DangerConfirm>
      )}
    </>
  );
}
