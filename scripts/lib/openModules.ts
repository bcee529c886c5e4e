import { build, type InlineConfig } from 'vite';
import { LAZY_PAGES } from '../../src/app/routeTable';
import { chunkOf, importedChunks, type ChunkLink } from './chunks';

/*
 * Which modules the shared page (/s/{id}, opened signed out from a link) really needs beyond the
 * first page, so vite.config.ts can put them in their own small `open` chunk and everything else
 * lazy in one `lazy` chunk. The module graph cannot say it: a package's index re-exports all it
 * has, so walking imports reaches every component any page uses. The bundler's own chunking can:
 * a probe build (in memory, automatic chunking of lazy code) is run first, and the modules in the
 * chunks the shared page's chunk imports are the answer (measured: ~10 kB gzip vs ~67 kB).
 */

/** set in the probe build's environment, so its config leaves out what needs the probe */
export const PROBE_ENV = 'ANNIV_CHUNK_PROBE';

export const isProbe = (): boolean => process.env[PROBE_ENV] === '1';

interface ProbeChunk extends ChunkLink {
  type: 'chunk';
  moduleIds: string[];
}

export async function sharedPageModules(configFile: string, root: string): Promise<Set<string>> {
  process.env[PROBE_ENV] = '1';
  let output: unknown;
  try {
    const probe: InlineConfig = { configFile, root, logLevel: 'silent', build: { write: false } };
    output = await build(probe);
  } finally {
    delete process.env[PROBE_ENV];
  }
  const outputs = (Array.isArray(output) ? output : [output]) as { output: (ProbeChunk | { type: 'asset' })[] }[];
  const chunks = outputs.flatMap((o) => o.output).filter((item): item is ProbeChunk => item.type === 'chunk');
  const start = chunkOf(chunks, root, LAZY_PAGES.SharedPage);
  if (!start) throw new Error('openModules: the probe build has no chunk for the shared page');
  return new Set(importedChunks(start, chunks).flatMap((chunk) => chunk.moduleIds));
}
