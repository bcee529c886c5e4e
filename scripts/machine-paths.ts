/**
 * `npm run paths -- <machineName> [--simple]`: prints the machine's shortest (or simple) paths as
 * numbered steps, from the registry in src/app/machineRegistry.ts (`machines`, optional `pathEvents`).
 */
import * as registryModule from '@/app/machineRegistry';
import { renderPathsReport, type MachineRegistry } from './lib/machinePaths';

const registry: MachineRegistry = registryModule;
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
