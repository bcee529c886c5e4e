/** One benchmark: `npm run bench` runs every module in bench/run.ts and prints its rows. */
export interface BenchModule {
  /** Short name: the results file is bench/results/<name>.json; `npm run bench -- <name>` runs only it. */
  name: string;
  title: string;
  run(): Promise<BenchResult>;
}

export type Cell = string | number | boolean;

interface BenchResult {
  /** Table rows; every row has the same keys, which become the columns. */
  rows: Record<string, Cell>[];
  /** Lines printed under the table (totals, targets). */
  notes?: string[];
  /** Anything else worth keeping in the JSON file. */
  data?: unknown;
  /** A line that fails the run (exit code 1) after the table is printed and saved: a budget passed. */
  failure?: string;
}
