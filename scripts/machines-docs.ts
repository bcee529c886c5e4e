/**
 * `npm run machines`: writes docs/machines/<name>.json, <name>.md (Mermaid diagram),
 * <name>.studio.ts (for Stately Studio's "Import from code") and README.md for every machine in
 * the registry (model-paths/registry.ts).
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machines } from '../model-paths/registry';
import { renderMachineDocs } from '../model-paths/machineDocs';
import { renderStudioFiles } from '../model-paths/machineStudio';

const outDir = fileURLToPath(new URL('../docs/machines/', import.meta.url));

const files = [...renderMachineDocs(machines), ...renderStudioFiles(machines)];
await mkdir(outDir, { recursive: true });
// The folder is generated: drop pages of machines that no longer exist.
const keep = new Set(files.map((file) => file.path));
for (const entry of await readdir(outDir)) {
  if (/\.(json|md|studio\.ts)$/.test(entry) && !keep.has(entry)) await rm(join(outDir, entry));
}
for (const file of files) await writeFile(join(outDir, file.path), file.content);
console.log(`docs/machines: ${files.length} file(s) for ${Object.keys(machines).length} machine(s)`);
