// Settings → Team: the PostgreSQL store a team shares its paid answers,
// the service's limits and its history through. With none saved, the address is typed (its password in it), tested
// and connected; main keeps the address in settings and the password in the
// keychain. With one saved: what it is, its schema and the account's answers
// there (or why it cannot be reached), Test connection, and Remove after a question.
import { passwordOutOfUrl } from '../../../../../electron/common/urls/team-url-password';
import { useState } from 'react';
import type { TeamView } from '../../../../../electron/common/views/team-views';
import { errorMessage } from '../../../api/call';
import {
  useChooseRootCert,
  useConnectTeam,
  useRemoveTeam,
  useTeam,
  useTestTeam,
} from '../../../api/team-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { DangerConfirm } from '../../../components/DangerConfirm';
import { SettingForm } from '../settings/SettingForm';
import { answersLine, pgVersion, testLine, waitingLine } from './team-words';
import { useT } from '../../../i18n/words';
import './team.css';

const PLACEHOLDER = 'postgres://user@host:5432/list_cleaner';

export function TeamSection({ inputId }: { inputId: string }) {
  const team = useTeam();
  const t = useT();
  const titleId = `${inputId}-title`;
  return (
    <section className="dialog-section team" aria-labelledby={titleId} data-testid="team-section">
      <h3 id={titleId}>{t('team.title')}</h3>
      <p className="hint">{t('team.intro')}</p>
      <p className="hint">{t('team.history')}</p>
      {team.isError && <ErrorNotice error={team.error} />}
      {team.data?.warning && <p className="notice notice-warning">{team.data.warning}</p>}
      {team.data &&
        (team.data.url === null ? (
          <ConnectTeamForm inputId={inputId} />
        ) : (
          <SavedTeam team={team.data} />
        ))}
    </section>
  );
}

function ConnectTeamForm({ inputId }: { inputId: string }) {
  const connect = useConnectTeam();
  const test = useTestTeam();
  const rootCert = useChooseRootCert();
  const t = useT();
  const [url, setUrl] = useState('');
  const [password, setPassword] = useState('');
  // Said once a pasted address's password was moved to its own, masked field.
  const [moved, setMoved] = useState(false);
  // Cleared on typing: the reason belongs to the address that was refused.
  const [problem, setProblem] = useState<string | null>(null);
  const busy = connect.isPending || test.isPending;
  const typed = url.trim();
  return (
    <SettingForm
      label={t('team.address.label')}
      inputId={inputId}
      error={problem}
      canSave={typed !== '' && !busy}
      submitLabel={connect.isPending ? t('team.connecting') : t('team.connect')}
      onSubmit={() =>
        connect.mutate(
          { url: typed, password },
          {
            onSuccess: () => {
              setUrl('');
              setPassword('');
              setMoved(false);
            },
            onError: (err) => setProblem(errorMessage(err)),
          },
        )
      }
      hint={t('team.address.hint')}
      field={(aria) => (
        <input
          {...aria}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder={PLACEHOLDER}
          data-user-value
          value={url}
          onChange={(e) => {
            // A password pasted in the address never stays on screen in clear.
            const split = passwordOutOfUrl(e.target.value);
            setUrl(split ? split.url : e.target.value);
            if (split) setPassword(split.password);
            setMoved(split !== null);
            setProblem(null);
            test.reset();
          }}
        />
      )}
      testId="team-connect"
    >
      <div className="field team-password">
        <label htmlFor={`${inputId}-password`}>{t('team.password')}</label>
        <input
          id={`${inputId}-password`}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setMoved(false);
            setProblem(null);
            test.reset();
          }}
        />
        {moved && (
          <p className="hint" role="status" data-testid="team-password-moved">
            {t('team.passwordMoved')}
          </p>
        )}
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button secondary small"
          disabled={typed === '' || busy}
          onClick={() =>
            test.mutate(
              { url: typed, password },
              { onError: (err) => setProblem(errorMessage(err)) },
            )
          }
        >
          {test.isPending ? t('team.testing') : t('team.test')}
        </button>
        <button
          type="button"
          className="button secondary small"
          disabled={busy || rootCert.isPending}
          data-testid="team-rootcert"
          onClick={() =>
            rootCert.mutate(undefined, {
              onSuccess: () => test.reset(),
              onError: (err) => setProblem(errorMessage(err)),
            })
          }
        >
          {t('team.rootCert.choose')}
        </button>
      </div>
      {rootCert.data && (
        <p className="hint" role="status" data-testid="team-rootcert-chosen">
          {t('team.rootCert.chosen', { name: rootCert.data.fileName })}
        </p>
      )}
      {test.data && (
        <p className="hint team-test" role="status" data-testid="team-test">
          {testLine(test.data, t)}
        </p>
      )}
    </SettingForm>
  );
}

function SavedTeam({ team }: { team: TeamView }) {
  const test = useTestTeam();
  const remove = useRemoveTeam();
  const t = useT();
  const [asking, setAsking] = useState(false);
  return (
    <div className="team-store" data-testid="team-store">
      <div className="connection-line">
        <span className="connection-title">{t('team.store')}</span>
        <span
          className={`connection-state ${team.connected ? 'is-connected' : 'is-unreachable'}`}
          role="status"
          data-testid="team-state"
        >
          {team.connected ? t('team.state.connected') : t('team.state.notReached')}
        </span>
      </div>
      {team.connected && team.schemaVersion !== null ? (
        <dl className="team-facts">
          <div>
            <dt>{t('team.facts.answers')}</dt>
            <dd data-testid="team-answers">{answersLine(team, t)}</dd>
          </div>
          {team.member !== null && (
            <div>
              <dt>{t('team.facts.connectedAs')}</dt>
              <dd data-testid="team-role">
                {t(team.role === 'owner' ? 'team.role.owner' : 'team.role.member', {
                  member: team.member,
                })}
              </dd>
            </div>
          )}
        </dl>
      ) : (
        team.error && <p className="field-error team-error">{team.error}</p>
      )}
      {/* Where the store is and what runs it are technical: said once, behind Details. */}
      <details className="team-details" data-testid="team-details">
        <summary>{t('team.details')}</summary>
        <dl className="team-facts">
          <div>
            <dt>{t('team.facts.address')}</dt>
            <dd data-user-value>{team.target ?? team.url}</dd>
          </div>
          {team.connected && team.schemaVersion !== null && (
            <>
              <div>
                <dt>{t('team.facts.database')}</dt>
                <dd>PostgreSQL {pgVersion(team.serverVersion ?? '')}</dd>
              </div>
              <div>
                <dt>{t('team.facts.schema')}</dt>
                <dd data-testid="team-schema">
                  {team.schemaVersion === 0
                    ? t('team.schema.notSetUp')
                    : t('team.facts.version', { version: team.schemaVersion })}
                </dd>
              </div>
            </>
          )}
        </dl>
      </details>
      {waitingLine(team, t) && (
        <p className="hint" data-testid="team-waiting">
          {waitingLine(team, t)}
        </p>
      )}
      {test.error && <ErrorNotice error={test.error} />}
      {test.data && (
        <p className="hint team-test" role="status" data-testid="team-test">
          {testLine(test.data, t)}
        </p>
      )}
      {asking ? (
        <DangerConfirm
          label={t('team.remove.question')}
          confirm={t('team.remove.confirm')}
          keep={t('team.remove.keep')}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => setAsking(false) })}
          onKeep={() => setAsking(false)}
        >
          {t('team.remove.body')}
        </DangerConfirm>
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button secondary small"
            disabled={test.isPending}
            onClick={() => test.mutate(undefined)}
          >
            {test.isPending ? t('team.testing') : t('team.test')}
          </button>
          <button type="button" className="button danger small" onClick={() => setAsking(true)}>
            {t('team.remove.button')}
          </button>
        </div>
      )}
    </div>
  );
}
