// Settings → Team: the PostgreSQL store a team shares its paid answers,
// the service's limits and its history through. With none saved, the address is typed (its password in it), tested
// and connected; main keeps the address in settings and the password in the
// keychain. With one saved: what it is, its schema and the account's answers
// there (or why it cannot be reached), Test connection, and Remove after a question.
import { useState } from 'react';
import type { TeamView } from '../../../../../electron/common/team-views';
import { errorMessage } from '../../../api/call';
import { useConnectTeam, useRemoveTeam, useTeam, useTestTeam } from '../../../api/team-hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { DangerConfirm } from '../../../components/DangerConfirm';
import { SettingForm } from '../SettingForm';
import { answersLine, pgVersion, testLine, waitingLine } from './team-words';
import './team.css';

const PLACEHOLDER = 'postgres://user@host:5432/list_cleaner';

export function TeamSection({ inputId }: { inputId: string }) {
  const team = useTeam();
  const titleId = `${inputId}-title`;
  return (
    <section className="dialog-section team" aria-labelledby={titleId} data-testid="team-section">
      <h3 id={titleId}>Team</h3>
      <p className="hint">
        The PostgreSQL database your team runs for List Cleaner. Everyone connected to it with the
        same API key shares the answers paid for, the service&apos;s limits and the history of
        finished jobs; no address is paid for twice. It holds no address in clear and never the key.
        Its password is kept in your computer&apos;s keychain, never in List Cleaner&apos;s
        settings, and goes to that database only.
      </p>
      <p className="hint">
        Each list you finish with your key is listed there for your team: its name, who checked it,
        its counts and its charge, never its addresses. See them under Jobs → Team, and the
        team&apos;s spend under Account.
      </p>
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
  const [url, setUrl] = useState('');
  const [password, setPassword] = useState('');
  // Cleared on typing: the reason belongs to the address that was refused.
  const [problem, setProblem] = useState<string | null>(null);
  const busy = connect.isPending || test.isPending;
  const typed = url.trim();
  return (
    <SettingForm
      label="Team store address"
      inputId={inputId}
      error={problem}
      canSave={typed !== '' && !busy}
      submitLabel={connect.isPending ? 'Connecting…' : 'Connect'}
      onSubmit={() =>
        connect.mutate(
          { url: typed, password },
          {
            onSuccess: () => {
              setUrl('');
              setPassword('');
            },
            onError: (err) => setProblem(errorMessage(err)),
          },
        )
      }
      hint={
        <>
          The address your team&apos;s database gives, with its user; its password goes in the field
          below. A database away from this computer is reached only encrypted. Connecting sets up
          List Cleaner&apos;s tables there the first time.
        </>
      }
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
            setUrl(e.target.value);
            setProblem(null);
            test.reset();
          }}
        />
      )}
      testId="team-connect"
    >
      <div className="field team-password">
        <label htmlFor={`${inputId}-password`}>Password</label>
        <input
          id={`${inputId}-password`}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setProblem(null);
            test.reset();
          }}
        />
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
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      {test.data && (
        <p className="hint team-test" role="status" data-testid="team-test">
          {testLine(test.data)}
        </p>
      )}
    </SettingForm>
  );
}

function SavedTeam({ team }: { team: TeamView }) {
  const test = useTestTeam();
  const remove = useRemoveTeam();
  const [asking, setAsking] = useState(false);
  return (
    <div className="team-store" data-testid="team-store">
      <div className="connection-line">
        <span className="connection-title" data-user-value>
          {team.target ?? team.url}
        </span>
        <span
          className={`connection-state ${team.connected ? 'is-connected' : 'is-unreachable'}`}
          role="status"
          data-testid="team-state"
        >
          {team.connected ? 'Connected' : 'Not reached'}
        </span>
      </div>
      {team.connected && team.schemaVersion !== null ? (
        <dl className="team-facts">
          <div>
            <dt>Database</dt>
            <dd>PostgreSQL {pgVersion(team.serverVersion ?? '')}</dd>
          </div>
          <div>
            <dt>Schema</dt>
            <dd data-testid="team-schema">
              {team.schemaVersion === 0 ? 'Not set up yet' : `Version ${team.schemaVersion}`}
            </dd>
          </div>
          <div>
            <dt>Answers held</dt>
            <dd data-testid="team-answers">{answersLine(team)}</dd>
          </div>
        </dl>
      ) : (
        team.error && <p className="field-error team-error">{team.error}</p>
      )}
      {waitingLine(team) && (
        <p className="hint" data-testid="team-waiting">
          {waitingLine(team)}
        </p>
      )}
      {test.error && <ErrorNotice error={test.error} />}
      {test.data && (
        <p className="hint team-test" role="status" data-testid="team-test">
          {testLine(test.data)}
        </p>
      )}
      {asking ? (
        <DangerConfirm
          label="Remove the team store?"
          confirm="Remove"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => setAsking(false) })}
          onKeep={() => setAsking(false)}
        >
          Remove the team store? List Cleaner forgets its address and password on this computer. The
          answers in it stay for your colleagues.
        </DangerConfirm>
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button secondary small"
            disabled={test.isPending}
            onClick={() => test.mutate(undefined)}
          >
            {test.isPending ? 'Testing…' : 'Test connection'}
          </button>
          <button type="button" className="button danger small" onClick={() => setAsking(true)}>
            Remove…
          </button>
        </div>
      )}
    </div>
  );
}
