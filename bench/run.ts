/**
 * `npm run bench [-- name…]`: runs the benchmark modules in order, prints a table for each and
 * writes bench/results/<name>.json. Benchmarks report; they fail the run by their figures only where
 * a result says so (`failure`: the first page past its budget). A module that throws, or fails so,
 * is reported and the others still run (exit code 1 at the end).
 *
 * To add one (click-to-play latency, long list render…): write
 * bench/<name>.ts exporting a BenchModule (bench/lib/types.ts) and list it below.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bootBench } from './boot';
import { bundleBench } from './bundle';
import { homeBench } from './home';
import { hostileBench } from './hostile';
import { keepBench } from './keep';
import { listsBench } from './lists';
import { loudnessBench } from './loudness';
import { networkBench } from './network';
import { playerBench } from './player';
import { searchBench } from './search';
import { shareBench } from './share';
import { statsBench } from './stats';
import { syncBench } from './sync';
import { formatTable } from './lib/table';
import { RESULTS_DIR } from './lib/paths';
import type { BenchModule } from './lib/types';

const modules: BenchModule[] = [
  bundleBench,
  bootBench,
  syncBench,
  playerBench,
  listsBench,
  shareBench,
  hostileBench,
  networkBench,
  searchBench,
  keepBench,
  loudnessBench,
  statsBench,
  homeBench,
];

const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !modules.some((m) => m.name === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${modules.map((m) => m.name).join(', ')}`);
  process.exit(1);
}

const failures: string[] = [];
await mkdir(RESULTS_DIR, { recursive: true });
for (const bench of modules.filter((m) => wanted.length === 0 || wanted.includes(m.name))) {
  console.log(`\n## ${bench.title} [${bench.name}]\n`);
  const started = performance.now();
  try {
    const result = await bench.run();
    console.log(formatTable(result.rows));
    for (const note of result.notes ?? []) console.log(note);
    const file = join(RESULTS_DIR, `${bench.name}.json`);
    const json = {
      name: bench.name,
      title: bench.title,
      measuredAt: new Date().toISOString(),
      rows: result.rows,
      data: result.data,
    };
    await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
    console.log(
      `(${((performance.now() - started) / 1000).toFixed(1)} s; written to bench/results/${bench.name}.json)`,
    );
    if (result.failure) {
      failures.push(bench.name);
      console.error(`FAILED: ${result.failure}`);
    }
  } catch (error) {
    failures.push(bench.name);
    console.error(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}
if (failures.length > 0) {
  console.error(`\n${failures.length} benchmark(s) failed: ${failures.join(', ')}`);
  process.exit(1);
}
