// The list's health over time: one stacked bar per finished run, the shares
// of deliverable, undeliverable and unknown (the rest: invalid, disposable,
// role), oldest on the left; and the decay measured from the runs. Drawn in
// SVG with the theme's colours; screen readers get the same as a table.
import type { WatchView } from '../../../../electron/common/views/watch-views';
import { formatDate, formatPercent } from '../../format';
import { useT } from '../../i18n/words';
import { share } from './watch-words';

const BANDS = ['deliverable', 'undeliverable', 'unknown', 'other'] as const;
const WIDTH = 260;
const HEIGHT = 64;

export function HealthChart({ watch }: { watch: WatchView }) {
  const t = useT();
  const points = watch.health;
  if (points.length === 0) {
    return <p className="hint watch-health-none">{t('watches.health.none')}</p>;
  }
  const slot = WIDTH / Math.max(points.length, 6);
  const bar = Math.max(4, slot - 3);
  return (
    <figure className="watch-health" data-testid="health-chart">
      <figcaption className="card-label">{t('watches.health.title')}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        aria-hidden="true"
        focusable="false"
      >
        {points.map((p, i) => {
          let y = 0;
          return (
            <g key={p.runId} transform={`translate(${i * slot},0)`}>
              {BANDS.map((band) => {
                const h = share(p[band], p) * HEIGHT;
                const rect = (
                  <rect key={band} className={`band-${band}`} x={0} y={y} width={bar} height={h} />
                );
                y += h;
                return rect;
              })}
            </g>
          );
        })}
      </svg>
      <ul className="watch-health-legend" aria-hidden="true">
        {BANDS.slice(0, 3).map((band) => (
          <li key={band}>
            <span className={`swatch band-${band}`} />
            {t('watches.health.band', { band })}
          </li>
        ))}
      </ul>
      <table className="visually-hidden">
        <caption>{t('watches.health.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('watches.health.run')}</th>
            {BANDS.slice(0, 3).map((band) => (
              <th scope="col" key={band}>
                {t('watches.health.band', { band })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.runId}>
              <th scope="row">{formatDate(p.at)}</th>
              {BANDS.slice(0, 3).map((band) => (
                <td key={band}>{formatPercent(share(p[band], p))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint" data-testid="decay">
        {watch.decayPerMonth === null
          ? t('watches.decay.unknown')
          : t('watches.decay.perMonth', { percent: formatPercent(watch.decayPerMonth) })}
      </p>
    </figure>
  );
}
