/**
 * `npm run paths -- <machine>... | --all [options]` (`--help` for the options): paths covering
 * every transition of each machine, from the registry in model-paths/registry.ts;
 * `npm run paths -- --replay FILE...` replays exported JSON files (model-paths/replayFiles.ts).
 */
import { registry } from '../model-paths/registry';
import { runPaths, writePathsFiles } from '../model-paths/cli';

const run = runPaths(registry, process.argv.slice(2));
const writeFailure = writePathsFiles(run);
const { out, err } = run;
if (writeFailure === null && out) console.log(out);
if (err) console.error(err);
if (writeFailure !== null) console.error(writeFailure);
// not process.exit(): it would drop what a pipe has not taken yet (a long report cut at 64 kB)
process.exitCode = writeFailure === null ? run.code : 2;
