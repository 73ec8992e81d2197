// The banner above the app that says the team store was lost, or is back,
// or that this computer's clock is off the store's: main tells it once each
// time (team:notice), whichever part of a job noticed. Lost and a clock's
// difference stay until dismissed (or the store is back); back goes by itself
// after a moment. Team settings opens Settings at its Team section, where the
// store is tested, changed or removed.
import { useEffect, useState } from 'react';
import type { EventPayloads } from '../../../../../electron/ipc/contract';
import { useT } from '../../../i18n/words';
import { useUiStore } from '../../../state/ui-store';
import './team.css';

type Notice = EventPayloads['team:notice'];

/** How long "the store answers again" stays in sight. */
const BACK_SHOWN_MS = 10_000;

export function TeamNoticeBanner() {
  const t = useT();
  const [notice, setNotice] = useState<Notice | null>(null);
  const openSettings = useUiStore((s) => s.openSettings);
  useEffect(() => window.api.events.onTeamNotice((next: Notice) => setNotice(next)), []);
  useEffect(() => {
    if (notice?.kind !== 'back') return;
    const timer = setTimeout(() => setNotice(null), BACK_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (notice === null) return null;
  return (
    <div
      className={`app-banner team-notice ${notice.kind === 'back' ? 'is-back' : 'is-lost'}`}
      role="status"
      data-testid="team-notice"
    >
      <p>{notice.message}</p>
      <button type="button" className="button secondary small" onClick={() => openSettings('team')}>
        {t('team.notice.settings')}
      </button>
      <button type="button" className="button secondary small" onClick={() => setNotice(null)}>
        {t('team.notice.dismiss')}
      </button>
    </div>
  );
}
