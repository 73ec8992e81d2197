// The team store lost, or back: several parts of a process notice it (the
// limits, the claims, the memory's outbox, the history), and the user is told
// once each time, by whichever noticed first. Every sharing of the process
// reports here too, so a shell (the app, the command line) listens in one place.
// A notice comes as its English (for the log) and as its message, which a
// shell says in its reader's language.
import { english, message, say, type Message } from '../common/i18n/message';
import { AppError } from '../lib/app-error';
import { log } from '../lib/log';

export type TeamNoticeKind = 'lost' | 'back' | 'clock';
export type TeamNoticeListener = (message: string, kind: TeamNoticeKind, said?: Message) => void;

/** Passes on a loss once, and the store's return once after it; a clock's difference as it comes (once a store). */
export function teamNoticeGate(say: TeamNoticeListener): TeamNoticeListener {
  let lost = false;
  return (message, kind, said) => {
    if (kind === 'clock') {
      say(message, kind, said);
      return;
    }
    if (lost === (kind === 'lost')) return;
    lost = kind === 'lost';
    say(message, kind, said);
  };
}

const listeners = new Set<TeamNoticeListener>();

/** Listens to what every sharing of this process notices; returns the way to stop. */
export function onTeamNotice(listener: TeamNoticeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told by a sharing (sharing.ts): passed to every listener. */
export function tellTeamNotice(said: Message, kind: TeamNoticeKind): boolean {
  const words = say(english.t, said);
  for (const l of listeners) l(words, kind, said);
  return listeners.size > 0;
}

/**
 * Why a store failed, for a sentence that names it: the error's own message
 * when it was made from a catalog's, else its words as they are (a driver's,
 * in English).
 */
export function reasonOf(err: unknown): string | Message {
  if (err instanceof AppError && err.said) return err.said;
  return err instanceof Error ? err.message : String(err);
}

/** What the user is told when a part of this process loses the team store: the same words whichever part it is. */
export function storeLostWords(err: unknown): Message {
  const reason = reasonOf(err);
  const text = typeof reason === 'string' ? reason : say(english.t, reason);
  return message('notice.team.storeLost', {
    reason: /[.!?]$/.test(text) ? reason : message('notice.team.reasonEnded', { reason }),
  });
}

/** The time a clock reads, as the notice gives it: "2026-12-02 05:31 UTC", the same in every language. */
const utcMinute = (ms: number) =>
  `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What this computer's clock and the team store's read, when they differ (team/clock.ts). */
export const clockSkewWords = (skew: { hereMs: number; storeMs: number }): Message =>
  message('notice.team.clockSkew', {
    here: utcMinute(skew.hereMs),
    store: utcMinute(skew.storeMs),
  });

/** Said once when this computer's clock and the team store's differ, then work goes on. */
export function tellClockSkew(skew: { hereMs: number; storeMs: number }): void {
  const said = clockSkewWords(skew);
  if (!tellTeamNotice(said, 'clock')) log.warn(`team: ${say(english.t, said)}`);
}
