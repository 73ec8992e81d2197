// What `npm run bench:check` holds the quick benchmarks to: one line per
// figure, each a ceiling on a ratio to a baseline measured in the same run (or,
// for a size, on its value), with why it is where it is.
//
// The quick run works at 200,000 rows where the full benches work at a
// million (`npm run bench -- lists`, whose targets are issue 42's). What a
// step pays once, whatever the list, weighs five times as much at that size:
// starting the import's worker (some 60 ms, Node's own modules compiled
// afresh in it) and walking the memory's 131,072 buckets (every bucket holds
// an address of the list). So a quick figure sits above its full figure by
// that much, and its ceiling is that offset plus about a fifth for a shared
// machine's noise: each is set from the quick figures measured on the
// two-core machine the project is built on, and would catch the slips issue 42
// found (each of those moved its full figure by a half or more).
//
// The lists' times are held as paired ratios (the median over the rounds of
// each round's time over the bare parse's in the same round, check.ts), which
// move far less on a busy machine than a best of each taken from two rounds.

export interface Budget {
  /** The figure's name, as the suite prints it. */
  figure: string;
  /**
   * Which field is held: the ratio to the same run's baseline, the median of
   * the ratios paired within each round (child-steps.ts pairedRatio), or the value.
   */
  field: 'ratio' | 'pairedRatio' | 'value';
  /** The ceiling: the figure fails above it. */
  max: number;
  /** Why this ceiling: the target it guards and the margin it allows. */
  why: string;
}

export const budgets: readonly Budget[] = [
  {
    figure: 'lists.import.time',
    field: 'pairedRatio',
    max: 2.0,
    why: 'Full target ≤ 1.0× a bare papaparse parse (issue 42): every list is imported before anything is paid. Quick: 1.45–1.72 measured, the worker’s start some 0.4 of it.',
  },
  {
    figure: 'lists.import.peak_rss',
    field: 'value',
    max: 300,
    why: 'Target ≤ 300 MB at a million rows (issue 5); a fifth of the rows must stay well under it.',
  },
  {
    figure: 'lists.write.time',
    field: 'pairedRatio',
    max: 1.35,
    why: 'Full target ≤ 1.3× (issue 42): the cleaned export of every job, its rows copied where the import found them. Quick: 0.96–1.07 measured.',
  },
  {
    figure: 'lists.remember.time',
    field: 'pairedRatio',
    max: 1.0,
    why: 'Full target ≤ 0.5× (issue 42): every answer paid for goes into the memory, by the spots the import kept, before the next run can reuse it. Quick: 0.64–0.85 measured, the memory’s 131,072 buckets written whatever the count.',
  },
  {
    figure: 'lists.import-checked.time',
    field: 'pairedRatio',
    max: 2.8,
    why: 'Full target ≤ 1.3× (issue 42): the import as a job makes it, with the free checks and every bucket of a memory five times the list read. Quick: 1.98–2.37 measured, the walk of the buckets some 0.8 of it.',
  },
  {
    figure: 'lists.import-checked.peak_rss',
    field: 'value',
    max: 350,
    why: 'Target ≤ 350 MB at a million rows (issue 16).',
  },
  {
    figure: 'lists.import-suppressed.time',
    field: 'pairedRatio',
    max: 1.35,
    why: 'Against import-checked (issue 34’s target ≤ 1.1× at a million): a suppression list of a fifth of a million and 1,000 rules cost little at import. Quick: 1.03–1.15 measured.',
  },
  {
    figure: 'cli --help start, median',
    field: 'ratio',
    max: 2.2,
    why: 'Target ≤ 2.0× a bare `node -e 0` (issue 42): every command and every scheduled run starts so. 1.23–1.6 measured; +0.2 for noise, which is large on a start of 100 ms.',
  },
  {
    figure: 'bundle.js.initial_gzip',
    field: 'value',
    max: 250,
    why: 'The window’s first load (issue 14): 250 kB gzip of JavaScript before anything shows; a size, no noise.',
  },
];
