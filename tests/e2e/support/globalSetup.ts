/**
 * e2e global setup: checks the built client exists, then starts the reference server once on a
 * temporary DATA_DIR holding a copy of the demo content (metadata, synthesised audio, covers;
 * generated once per generator version, harness/demoLibrary.ts, shared with the server
 * tests), so it writes what else a first start writes, and provides that folder to the test files
 * (`inject('demoDataDir')`, used by startServer).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DIST_DIR, spawnServer } from '../../../harness/serverProcess';
import { cachedDemoLibrary, copyDemoLibrary } from '../../../harness/demoLibrary';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error(`No built client in ${DIST_DIR}: run \`npx vite build\` first (npm run test:e2e does).`);
  }
  const started = Date.now();
  const demoLibrary = await cachedDemoLibrary();
  const demoDataDir = await mkdtemp(join(tmpdir(), 'anniv-e2e-demo-'));
  try {
    copyDemoLibrary(demoLibrary, demoDataDir);
    const server = await spawnServer({ dataDir: demoDataDir, removeDataDir: false });
    await server.stop();
  } catch (error) {
    await rm(demoDataDir, { recursive: true, force: true });
    throw error;
  }
  console.log(`e2e: demo content ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('demoDataDir', demoDataDir);
  return () => rm(demoDataDir, { recursive: true, force: true });
}
