// A watch's words on the command line: when it runs, how often, and what a
// run read, paid, reused, changed and wrote.
import type { Every } from '../../../common/schedules/watch-schedule';
import type { Watch, WatchRun } from '../../../watches/model';
import { cash, t } from '../../output/say';

/** A moment as this machine's calendar shows it: 2026-12-09 07:30. */
export function when(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export const everyWords = (e: Every): string =>
  t('cli.watch.every', { count: e.count, unit: e.unit });

/** The outcome as the catalogs' select names it. */
export const outcomeWord = (outcome: WatchRun['outcome']) =>
  outcome === 'needs-answer' ? 'question' : outcome;

export function lastWords(run: WatchRun | undefined): string {
  if (run === undefined) return t('cli.watch.neverRun');
  return t('cli.watch.last', {
    at: when(Date.parse(run.startedAt)),
    outcome: outcomeWord(run.outcome),
  });
}

/** A run's report in lines: what was read, paid, reused, changed and written. */
export function runLines(watch: Watch, run: WatchRun): string[] {
  const c = run.counts;
  const lines = [
    t('cli.watch.run.read', {
      name: watch.name,
      read: c.read,
      fresh: c.new,
      paid: c.paid,
      reused: c.reused,
      charged: run.chargedMicros === null ? '—' : cash(run.chargedMicros),
    }),
  ];
  for (const change of run.changed.filter((x) => x.from !== 'none')) {
    lines.push(
      `  ${t('cli.watch.run.changed', { count: change.count, from: change.from, to: change.to })}`,
    );
  }
  if (run.files !== undefined) lines.push(t('cli.watch.run.files', run.files));
  else if (run.outcome === 'done') {
    lines.push(
      t('cli.watch.run.written', {
        written: c.written,
        unchanged: c.unchanged,
        refused: c.refused,
        retired: c.retired,
      }),
    );
  }
  const h = run.health;
  const all = h.deliverable + h.undeliverable + h.unknown + h.other;
  if (all > 0) {
    const share = (n: number) => Math.round((n / all) * 1000) / 10;
    lines.push(
      t('cli.watch.run.health', {
        deliverable: share(h.deliverable),
        undeliverable: share(h.undeliverable),
        unknown: share(h.unknown),
      }),
    );
  }
  if (run.question !== null) {
    lines.push(
      t('cli.watch.run.needsAnswer', {
        count: run.question.retire,
        ceiling: run.question.ceilingBp / 100,
        command: `list-cleaner watch run ${watch.id} --yes`,
      }),
    );
  }
  if (run.why !== null) lines.push(t('cli.watch.run.stopped', { why: run.why }));
  return lines;
}
