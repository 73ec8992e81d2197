// New list → from a platform: a connected platform, one of its lists (with
// the size the platform counts), which members to take, and Read. The list is
// read in main through the same queue as a dropped file, and reviewed as one.
// With nothing connected, it says where to connect.
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { platformListName } from '../../../../../electron/common/words/platform-list-name';
import type { ConnectionView } from '../../../../../electron/common/views/platform-views';
import {
  PLATFORM_NAMES,
  PLATFORMS,
  type MemberChoice,
  type PlatformId,
} from '../../../../../electron/common/catalogs/platforms';
import { useConnections, usePlatformLists } from '../../../api/platform-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useUiStore } from '../../../state/ui-store';
import { enqueue, platformSource } from '../import-queue';
import { listHeading, listSizeWords, memberChoices } from './platform-words';
import { useRich, useT } from '../../../i18n/words';
import './platforms.css';

const ALL_NAMES = PLATFORMS.map((p) => PLATFORM_NAMES[p]);

export function FromPlatform() {
  const id = useId();
  const connections = useConnections();
  const openSettings = useUiStore((s) => s.openSettings);
  const connected = connections.data?.filter((c) => c.connected) ?? [];
  const t = useT();
  if (connections.isPending) return null;

  return (
    <section className="card platform-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="platform-card-title">
        {connected.length === 1 && connected[0]
          ? t('platformImport.titleFrom', { platform: connected[0].name })
          : t('platformImport.title')}
      </h2>
      {connections.isError ? (
        <ErrorNotice error={connections.error} />
      ) : connected.length === 0 ? (
        <div className="stack-sm" data-testid="no-platform">
          <p className="hint">
            {t('platformImport.none', {
              platforms: ALL_NAMES.slice(0, -1).join(', '),
              last: ALL_NAMES[ALL_NAMES.length - 1] ?? '',
            })}
          </p>
          <div className="button-row">
            <button
              type="button"
              className="button secondary"
              onClick={() => openSettings('platforms')}
            >
              {t('platformImport.connect')}
            </button>
          </div>
        </div>
      ) : (
        <ListPicker idBase={id} connected={connected} />
      )}
    </section>
  );
}

function ListPicker({ idBase, connected }: { idBase: string; connected: ConnectionView[] }) {
  const client = useQueryClient();
  const [platform, setPlatform] = useState<PlatformId>(connected[0]?.platform ?? 'mailchimp');
  const connection = connected.find((c) => c.platform === platform) ?? connected[0];
  const lists = usePlatformLists(connection?.platform ?? null);
  const [listId, setListId] = useState<string | null>(null);
  const [choice, setChoice] = useState<MemberChoice>('subscribed');
  const t = useT();
  const rich = useRich();
  if (!connection) return null;
  const chosen = lists.data?.find((l) => l.id === listId) ?? null;
  const word = connection.listWord;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen === null) return;
    enqueue([platformSource({ platform: connection.platform, ...chosen }, choice, t)], client);
  };

  return (
    <form className="platform-form" onSubmit={submit} data-testid="platform-picker">
      <p className="hint">{t('platformImport.intro', { platform: connection.name })}</p>
      {connected.length > 1 && (
        <fieldset className="platform-group">
          <legend>{t('platformImport.platform')}</legend>
          <div className="segmented">
            {connected.map((c) => (
              <label key={c.platform} className="segment">
                <input
                  type="radio"
                  name={`${idBase}-platform`}
                  checked={c.platform === connection.platform}
                  onChange={() => {
                    setPlatform(c.platform);
                    setListId(null);
                  }}
                />
                <span>{c.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="platform-group" aria-busy={lists.isPending}>
        <legend>{listHeading(connection, t)}</legend>
        {lists.isPending ? (
          <p className="hint">{t('platformImport.asking', { platform: connection.name, word })}</p>
        ) : lists.isError ? (
          <div className="stack-sm">
            <ErrorNotice error={lists.error} title={t('platformImport.listsFailed', { word })} />
            <div className="button-row">
              <button
                type="button"
                className="button secondary small"
                onClick={() => void lists.refetch()}
              >
                {t('import.tryAgain')}
              </button>
            </div>
          </div>
        ) : lists.data.length === 0 ? (
          <p className="hint">{t('platformImport.noLists', { platform: connection.name, word })}</p>
        ) : (
          <div className="platform-lists" data-testid="platform-lists">
            {lists.data.map((l) => (
              <label key={l.id} className="pick-choice">
                <input
                  type="radio"
                  name={`${idBase}-list`}
                  checked={l.id === listId}
                  onChange={() => setListId(l.id)}
                />
                <span className="pick-choice-label" data-user-value>
                  {platformListName(t, connection.platform, l.name)}
                </span>
                <span className="pick-choice-count">{listSizeWords(l, t)}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <fieldset className="platform-group">
        <legend>{t('platformImport.members')}</legend>
        {memberChoices(connection.name, t).map((m) => (
          <label key={m.value} className="pick-choice">
            <input
              type="radio"
              name={`${idBase}-members`}
              checked={choice === m.value}
              onChange={() => setChoice(m.value)}
            />
            <span className="pick-choice-text">
              <span className="pick-choice-label">{m.label}</span>
              <span className="pick-choice-hint">{m.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button secondary" disabled={chosen === null}>
          {/* One flex item: the button's gap would otherwise widen the space before the name. */}
          <span>
            {chosen
              ? rich('platformImport.readNamed', {
                  listName: (chunks) => <span data-user-value>{chunks}</span>,
                  list: platformListName(t, connection.platform, chosen.name),
                })
              : t('platformImport.read', { word })}
          </span>
        </button>
        {chosen === null && lists.data && lists.data.length > 0 && (
          <span className="hint">{t('platformImport.choose', { word })}</span>
        )}
      </div>
    </form>
  );
}
