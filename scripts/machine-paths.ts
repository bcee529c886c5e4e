/**
 * `npm run paths -- <machine>... | --all [options]` (`--help` for the options): paths covering
 * every transition of each machine, from the registry in scripts/lib/machineRegistry.ts;
 * `npm run paths -- --replay FILE...` replays exported JSON files (scripts/lib/pathsReplay.ts).
 */
import { registry } from './lib/machineRegistry';
import { runPaths, writePathsFiles } from './lib/pathsCli';

const run = runPaths(registry, process.argv.slice(2));
const writeFailure = writePathsFiles(run);
const { out, err } = run;
if (writeFailure === null && out) console.log(out);
if (err) console.error(err);
if (writeFailure !== null) console.error(writeFailure);
// not process.exit(): it would drop what a pipe has not taken yet (a long report cut at 64 kB)
process.exitCode = writeFailure === null ? run.code : 2;
