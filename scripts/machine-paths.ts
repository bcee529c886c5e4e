/**
 * `npm run paths -- <machineName> [--simple]`: prints the machine's shortest (or simple) paths as
 * numbered steps, from the registry in scripts/lib/machineRegistry.ts (the machines and their samples).
 */
import { registry } from './lib/machineRegistry';
import { renderPathsReport } from './lib/machinePaths';

const args = process.argv.slice(2);
const simple = args.includes('--simple');
const names = args.filter((arg) => !arg.startsWith('--'));

if (names.length === 0) {
  const known = Object.keys(registry.machines).sort();
  console.error('Usage: npm run paths -- <machineName> [--simple]');
  console.error(`Machines: ${known.length ? known.join(', ') : '(none registered yet)'}`);
  process.exit(1);
}
try {
  for (const name of names) console.log(renderPathsReport(registry, name, { simple }));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
