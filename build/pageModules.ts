import { resolve } from 'node:path';
import { build, type InlineConfig, type Plugin } from 'vite';
import { LAZY_PAGES } from '../src/app/routeTable';
import { chunkOf, importedChunks, type ChunkLink } from './chunks';

/*
 * Which modules a lazily loaded page really needs beyond the first page, so vite.config.ts can put
 * them in a chunk of their own: the shared page (/s/{id}, opened signed out from a link) and the
 * album page (the page most links lead to). The module graph cannot say it: a package's index
 * re-exports all it has, so walking imports reaches every component any page uses. The bundler's
 * own chunking can: a probe build (in memory, automatic chunking of lazy code) is run first, and
 * the modules in the chunks a page's chunk imports are the answer (measured: the shared page
 * ~3.5 kB gzip vs ~67 kB for all lazy code). Style sheets a page imports itself are added from the
 * module graph (they are leaves, so it is exact there), since the probe's chunks do not list them.
 */

/** set in the probe build's environment, so its config leaves out what needs the probe */
const PROBE_ENV = 'ANNIV_CHUNK_PROBE';

export const isProbe = (): boolean => process.env[PROBE_ENV] === '1';

interface ProbeChunk extends ChunkLink {
  type: 'chunk';
  moduleIds: string[];
}

/** a lazily loaded page by name, or any lazily loaded module by its path from the root */
export type Probed = keyof typeof LAZY_PAGES | `src/${string}`;

const sourceOf = (probed: Probed): string =>
  probed.startsWith('src/') ? probed : LAZY_PAGES[probed as keyof typeof LAZY_PAGES];

/** for each page (or lazily loaded module), the modules of the chunks its own chunk imports in the probe build */
export async function pageModules<P extends Probed>(
  configFile: string,
  root: string,
  pages: readonly P[],
): Promise<Record<P, Set<string>>> {
  process.env[PROBE_ENV] = '1';
  let output: unknown;
  const styleSheets = new Map<string, string[]>();
  const recordStyleSheets: Plugin = {
    name: 'anniv:page-style-sheets',
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const sheets = this.getModuleInfo(id)?.importedIds.filter((imported) => /\.css($|\?)/.test(imported)) ?? [];
        if (sheets.length > 0) styleSheets.set(id, sheets);
      }
    },
  };
  try {
    const probe: InlineConfig = {
      configFile,
      root,
      logLevel: 'silent',
      build: { write: false },
      plugins: [recordStyleSheets],
    };
    output = await build(probe);
  } finally {
    delete process.env[PROBE_ENV];
  }
  const outputs = (Array.isArray(output) ? output : [output]) as { output: (ProbeChunk | { type: 'asset' })[] }[];
  const chunks = outputs.flatMap((o) => o.output).filter((item): item is ProbeChunk => item.type === 'chunk');
  const modules = {} as Record<P, Set<string>>;
  for (const page of pages) {
    const start = chunkOf(chunks, root, sourceOf(page));
    if (!start) throw new Error(`pageModules: the probe build has no chunk for ${page}`);
    const needed = new Set([
      resolve(root, sourceOf(page)),
      ...importedChunks(start, chunks).flatMap((chunk) => chunk.moduleIds),
    ]);
    for (const id of [...needed]) for (const sheet of styleSheets.get(id) ?? []) needed.add(sheet);
    modules[page] = needed;
  }
  return modules;
}
