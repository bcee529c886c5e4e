/**
 * `npm run paths -- <machine>... | --all [options]` (`--help` for the options): paths covering
 * every transition of each machine, from the registry in scripts/lib/machineRegistry.ts.
 */
import { registry } from './lib/machineRegistry';
import { runPaths, writePathsFiles } from './lib/pathsCli';

const run = runPaths(registry, process.argv.slice(2));
writePathsFiles(run);
const { code, out, err } = run;
if (out) console.log(out);
if (err) console.error(err);
// not process.exit(): it would drop what a pipe has not taken yet (a long report cut at 64 kB)
process.exitCode = code;
