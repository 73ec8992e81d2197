// What the export panel says before a choice of rows is saved: the hard
// bounces to expect if those rows were sent now (default rates by verdict and
// the answer's age, electron/risk/forecast.ts), and, over the user's limit, a
// warning that asks first: the Save button then says "Save anyway", and
// "Keep only low risk" narrows the rows to the low-risk ones.
import type { ForecastView } from '../../../../../electron/ipc/contract';
import type { MessageId } from '../../../../../electron/common/i18n/translate';
import { useJobForecast } from '../../../api/job-hooks';
import type { ExportRows } from '../../../api/query-keys';
import { useT } from '../../../i18n/words';
import { useFilterStore } from '../rows/row-filter';
import type { RowFilter as PanelChoice } from './ExportRowsChoice';

/**
 * The forecast of the panel's choice. Every row with its status is a report to
 * sort, not a list to send: only a choice of rows is judged. "Keep only low
 * risk" adds low risk to the results' filter and saves "The rows I see".
 */
export function useExportForecast(
  jobId: string,
  choice: PanelChoice,
  rowsKept: ExportRows,
  setChoice: (choice: PanelChoice) => void,
) {
  const judged = choice !== 'all';
  const query = useJobForecast(jobId, rowsKept, judged);
  const toggle = useFilterStore((s) => s.toggle);
  const saveWord: MessageId =
    judged && query.data?.over === true ? 'export.save.anyway' : 'export.save.button';
  return {
    forecast: judged ? query.data : undefined,
    /** Over the limit, the Save button asks first: "Save anyway". */
    saveWord,
    keepLowRisk: () => {
      toggle(jobId, 'risks', 'low', true);
      setChoice('shown');
    },
  };
}

interface Props {
  forecast: ForecastView | undefined;
  onKeepLowRisk: () => void;
}

export function BounceForecast({ forecast, onKeepLowRisk }: Props) {
  const t = useT();
  if (!forecast || forecast.kept.rows === 0) return null;
  const { kept, lowRisk, limit, over } = forecast;
  return (
    <div className={`export-forecast ${over ? 'is-over' : ''}`} role="status">
      <p className="hint">
        {t('export.forecast.line', { rows: kept.rows, low: kept.low, high: kept.high })}
      </p>
      {over && limit !== null && (
        <div className="notice notice-warning export-forecast-over">
          <p>{t('export.forecast.over', { high: kept.high, limit })}</p>
          {lowRisk.rows > 0 && (
            <button type="button" className="button secondary small" onClick={onKeepLowRisk}>
              {t('export.forecast.lowRisk', {
                rows: lowRisk.rows,
                low: lowRisk.low,
                high: lowRisk.high,
              })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
