// The team store lost, or back: several parts of a process notice it (the
// limits, the claims, the memory's outbox, the history), and the user is told
// once each time, by whichever noticed first. Every sharing of the process
// reports here too, so a shell (the app, the command line) listens in one place.

export type TeamNoticeKind = 'lost' | 'back';
export type TeamNoticeListener = (message: string, kind: TeamNoticeKind) => void;

/** Passes on a loss once, and the store's return once after it. */
export function teamNoticeGate(say: TeamNoticeListener): TeamNoticeListener {
  let lost = false;
  return (message, kind) => {
    if (lost === (kind === 'lost')) return;
    lost = kind === 'lost';
    say(message, kind);
  };
}

const listeners = new Set<TeamNoticeListener>();

/** Listens to what every sharing of this process notices; returns the way to stop. */
export function onTeamNotice(listener: TeamNoticeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told by a sharing (sharing.ts): passed to every listener. */
export function tellTeamNotice(message: string, kind: TeamNoticeKind): boolean {
  for (const l of listeners) l(message, kind);
  return listeners.size > 0;
}

/** What the user is told when a part of this process loses the team store: the same words whichever part it is. */
export function storeLostWords(err: unknown): string {
  const reason = err instanceof Error ? err.message : String(err);
  return `${/[.!?]$/.test(reason) ? reason : `${reason}.`} Meanwhile jobs go on with this computer’s own memory and limits; what they learn is shared when the store is back.`;
}
