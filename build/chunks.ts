import { resolve } from 'node:path';

/*
 * Walking a build's chunks, for the build steps that ask which files a page needs
 * (routePages.ts) and which modules a page needs (pageModules.ts).
 */

export interface ChunkLink {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** files this chunk imports statically */
  imports: string[];
}

/** the chunk whose facade is `source` (a path from the repo root); undefined when none is */
export function chunkOf<C extends ChunkLink>(chunks: readonly C[], root: string, source: string): C | undefined {
  const id = resolve(root, source);
  return chunks.find((c) => c.facadeModuleId !== null && resolve(c.facadeModuleId) === id);
}

/** `start` and every chunk it imports statically, all the way down; the entry is left out (index.html loads it) */
export function importedChunks<C extends ChunkLink>(start: C, chunks: readonly C[]): C[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, C>();
  const stack = [start];
  while (stack.length > 0) {
    const chunk = stack.pop()!;
    if (chunk.isEntry || seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) stack.push(next);
    }
  }
  return [...seen.values()];
}
