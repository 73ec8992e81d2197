// The window's one progress bar, for a list being read and a job being checked.
import './progress.css';

/**
 * A progress bar for screen readers and eyes: role=progressbar with a value
 * in percent and the same words as the visible caption. Without a value it is
 * indeterminate (waiting on the service, no count to show yet).
 */
export function ProgressBar({
  value,
  label,
  valueText,
  labelledBy,
}: {
  /** 0..1, or null while the amount done is not known. */
  value: number | null;
  label?: string;
  labelledBy?: string;
  valueText: string;
}) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      className={`progress ${percent === null ? 'is-indeterminate' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={percent === null ? undefined : 0}
      aria-valuemax={percent === null ? undefined : 100}
      aria-valuenow={percent ?? undefined}
      aria-valuetext={valueText}
    >
      <div
        className="progress-fill"
        style={percent === null ? undefined : { transform: `scaleX(${percent / 100})` }}
      />
    </div>
  );
}
