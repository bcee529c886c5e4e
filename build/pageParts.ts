import type { Plugin } from 'vite';

/** pages and dialogs: each keeps its own small chunk */
const OWN_CHUNK = /[\\/]pages[\\/]|Dialogs?\.tsx$/;

/*
 * Which modules keep to a page's or a dialog's own chunk: the page or dialog itself (OWN_CHUNK),
 * and a page's parts, the modules in a feature's `components/` that only pages (or other parts)
 * import, as when they sat in `pages/` beside the page. What a dialog imports, and anything else,
 * goes where the chunk groups say. The plugin records who imports whom once the graph is built;
 * chunking asks after.
 */
export function pageParts() {
  const page = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]pages[\\/]/;
  const importers = new Map<string, readonly string[]>();
  const known = new Map<string, boolean>();
  const part = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]components[\\/]/;

  function ownChunk(id: string): boolean {
    return OWN_CHUNK.test(id) || pagePart(id);
  }
  function pagePart(id: string): boolean {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const by = importers.get(id) ?? [];
    if (!part.test(id) || by.length === 0) return remember(id, false);
    known.set(id, false); // an import cycle does not make a module a page's part
    return remember(
      id,
      by.every((importer) => page.test(importer) || pagePart(importer)),
    );
  }
  function remember(id: string, value: boolean): boolean {
    known.set(id, value);
    return value;
  }

  const plugin: Plugin = {
    name: 'page-parts',
    buildEnd() {
      importers.clear();
      known.clear();
      for (const id of this.getModuleIds()) importers.set(id, this.getModuleInfo(id)?.importers ?? []);
    },
  };
  return { plugin, ownChunk };
}
