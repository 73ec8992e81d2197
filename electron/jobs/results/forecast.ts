// The hard bounces to expect if the rows an export keeps were sent now
// (risk/forecast.ts), and how many rows of the list are low risk: what the
// command line and the export panel say before a list goes out. One pass over
// the row index, a chunk at a time, with each row's facts read as the export
// reads them.
import type { RiskLevel } from '../../common/model';
import { eachRowChunk } from '../../lists/read/row-index';
import { keepsRow, rowFacts } from '../../lists/judge/row-facts';
import { riskInputs } from '../../lists/judge/row-risk';
import { riskOf } from '../../risk/table';
import {
  forecastClass,
  forecastOf,
  overGate,
  type Forecast,
  type ForecastClass,
} from '../../risk/forecast';
import { readFlags } from '../money/free-split';
import { load, type Shared } from '../live';
import { keepOf, type JobExportOptions } from './export';

export interface KeptForecast {
  /** The rows kept, as they would be sent. */
  kept: Forecast;
  /** Only the low-risk rows of the whole list: what "keep only low risk" would send. */
  lowRisk: Forecast;
  /** Rows of each risk level in the whole list. */
  risks: Record<RiskLevel, number>;
  /** The limit it was judged against (percent), null: none. */
  limit: number | null;
  over: boolean;
}

export async function forecastJob(
  s: Shared,
  id: string,
  filter: JobExportOptions['filter'],
  limit: number | null,
  nowMs = Date.now(),
): Promise<KeptForecast> {
  const l = await load(s, id);
  const keep = await keepOf(l, filter);
  const flags = await readFlags(l.list.findings?.findingsPath, l.record.unique);
  const factsOf = rowFacts((i) => l.outcomes.get(i), {
    flagsOf: (i) => flags[i] ?? 0,
    checkedOn: l.record.finishedAt ?? l.record.startedAt,
  });
  const kept: Partial<Record<ForecastClass, number>> = {};
  const low: Partial<Record<ForecastClass, number>> = {};
  const risks: Record<RiskLevel, number> = { low: 0, medium: 0, high: 0 };
  await eachRowChunk(l.list.rowIndexPath, (chunk) => {
    for (const entry of chunk) {
      const row = factsOf(entry);
      const inputs = riskInputs(row, nowMs);
      const level = riskOf(inputs).level;
      risks[level] += 1;
      const cls = forecastClass(inputs);
      if (cls === null) continue;
      if (level === 'low') low[cls] = (low[cls] ?? 0) + 1;
      if (keepsRow(keep, row)) kept[cls] = (kept[cls] ?? 0) + 1;
    }
  });
  const forecast = forecastOf(kept);
  return {
    kept: forecast,
    lowRisk: forecastOf(low),
    risks,
    limit,
    over: overGate(forecast, limit),
  };
}
