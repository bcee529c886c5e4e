/**
 * `npm run paths -- <machine>... | --all [options]` (`--help` for the options): paths covering
 * every transition of each machine, from the registry in scripts/lib/machineRegistry.ts.
 */
import { registry } from './lib/machineRegistry';
import { runPaths } from './lib/pathsCli';

const { code, out, err } = runPaths(registry, process.argv.slice(2));
if (out) console.log(out);
if (err) console.error(err);
process.exit(code);
