import { join } from 'node:path';
import { build } from 'vite';
import { REPO_ROOT } from './paths';

/**
 * Bundles a benchmark's browser entry (a path from the repository root) with the project's `@`
 * alias into `outDir`: one ES module `entry.js`, plus any chunks and workers.
 */
export async function buildEntry(entry: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: REPO_ROOT,
    // errors only: the app's own build (bundle bench) already reports its warnings
    logLevel: 'error',
    resolve: { alias: { '@': join(REPO_ROOT, 'src') } },
    // library mode leaves process.env alone; the app build replaces it the same way
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      lib: { entry: join(REPO_ROOT, entry), formats: ['es'], fileName: 'entry' },
    },
    // the app's workers (src/storage/libraryWorker.ts, the smart lists') as ES modules beside the entry
    worker: { format: 'es' },
  });
}
