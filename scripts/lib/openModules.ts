import { resolve } from 'node:path';
import { build, type InlineConfig } from 'vite';
import { LAZY_PAGES } from '../../src/app/routeTable';

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

interface ProbeChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
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
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const page = resolve(root, LAZY_PAGES.SharedPage);
  const start = chunks.find((c) => c.facadeModuleId !== null && resolve(c.facadeModuleId) === page);
  if (!start) throw new Error('openModules: the probe build has no chunk for the shared page');
  const modules = new Set<string>();
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const chunk = stack.pop()!;
    if (chunk.isEntry || seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) modules.add(id);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) stack.push(next);
    }
  }
  return modules;
}
