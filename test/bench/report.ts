// How a benchmark reports: one JSON line per figure on stdout, everything else
// (progress, warnings) on stderr, so `npm run bench > figures.jsonl` keeps only
// the figures.
//
// A figure's ratio is value / baseline, where the baseline is measured in the
// same run on the same machine (never a number written down from an earlier
// run). A target, when there is one, is a fixed number kept in its own field,
// and "ok" says whether the value meets it.

export type Extra = Record<string, number | boolean | string>;

export interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline: number;
  /** A fixed goal for value; "ok" compares value with it in the direction of better. */
  target?: number;
  /** Which way is better: throughput is 'higher', time and memory 'lower'. */
  better?: 'higher' | 'lower';
  /** More numbers worth seeing next to the figure (counts, percentiles). */
  extra?: Extra;
}

const round = (x: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** A figure as printed: its fields and extras, with its ratio. */
export type Printed = Record<string, unknown> & { name: string; value: number; ratio: number };

const listeners = new Set<(line: Printed) => void>();

/** Also hands every figure printed from now on to `listener` (bench:check reads them so). */
export function onFigure(listener: (line: Printed) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Prints one figure as a JSON line on stdout. */
export function emit(figure: Figure): void {
  const { name, value, unit, baseline, target, better = 'higher', extra = {} } = figure;
  if (!Number.isFinite(value) || !Number.isFinite(baseline) || baseline <= 0) {
    throw new Error(`${name}: cannot report value ${value} against baseline ${baseline}`);
  }
  const line: Record<string, unknown> = {
    name,
    value: round(value, 2),
    unit,
    baseline: round(baseline, 2),
    ratio: round(value / baseline, 3),
  };
  if (target !== undefined) {
    line.target = target;
    line.ok = better === 'higher' ? value >= target : value < target;
  }
  Object.assign(line, extra);
  process.stdout.write(`${JSON.stringify(line)}\n`);
  for (const listener of listeners) listener(line as Printed);
}

/** Progress and diagnostics: stderr only. */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

export const MB = 1024 * 1024;

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Rejects with a clear message when work takes longer than it may. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: gave up after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}
