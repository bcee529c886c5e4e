// Which modules keep to a page's own chunk (build/pageParts.ts): a page's parts moved out of
// pages/ into components/ stay with the page; what the app or a dialog also uses does not.
import { describe, expect, it } from 'vitest';
import { pageParts } from '../../build/pageParts';

const f = (path: string) => `/repo/src/features/${path}`;
/** module → the modules that import it statically */
const graph: Record<string, string[]> = {
  [f('playlists/pages/PlaylistPage.tsx')]: [],
  [f('playlists/components/PlaylistItems.tsx')]: [f('playlists/pages/PlaylistPage.tsx')],
  [f('playlists/components/PlaylistItemRow.tsx')]: [f('playlists/components/PlaylistItems.tsx')],
  [f('playlists/components/PlaylistItemRow.module.css')]: [f('playlists/components/PlaylistItemRow.tsx')],
  [f('playlists/components/PlaylistEditDialog.tsx')]: [f('playlists/pages/PlaylistPage.tsx')],
  [f('playlists/components/PlaylistDialogs.tsx')]: ['/repo/src/app/App.tsx'],
  [f('playlists/components/PlaylistDialogs.module.css')]: [f('playlists/components/PlaylistDialogs.tsx')],
  [f('player/components/TrackMenu.tsx')]: [
    f('playlists/components/PlaylistItemRow.tsx'),
    '/repo/src/app/TrackSlots.tsx',
  ],
  [f('playlists/selectors.ts')]: [f('playlists/pages/PlaylistPage.tsx')],
  [f('shortcuts/components/A.tsx')]: [f('shortcuts/components/B.tsx')],
  [f('shortcuts/components/B.tsx')]: [f('shortcuts/components/A.tsx')],
  '/repo/src/ui/Cover.tsx': [f('playlists/pages/PlaylistPage.tsx')],
};

function ownChunkAfterBuild() {
  const { plugin, ownChunk } = pageParts();
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => ({ importers: graph[id] ?? [] }),
  };
  (plugin.buildEnd as (this: typeof context) => void).call(context);
  return ownChunk;
}

describe("page parts keep to their page's chunk", () => {
  const ownChunk = ownChunkAfterBuild();

  it('pages and dialogs are their own chunks', () => {
    expect(ownChunk(f('playlists/pages/PlaylistPage.tsx'))).toBe(true);
    expect(ownChunk(f('playlists/components/PlaylistEditDialog.tsx'))).toBe(true);
    expect(ownChunk(f('playlists/components/PlaylistDialogs.tsx'))).toBe(true);
  });

  it("a component only a page imports, and what only such parts import, are the page's", () => {
    expect(ownChunk(f('playlists/components/PlaylistItems.tsx'))).toBe(true);
    expect(ownChunk(f('playlists/components/PlaylistItemRow.tsx'))).toBe(true);
    expect(ownChunk(f('playlists/components/PlaylistItemRow.module.css'))).toBe(true);
  });

  it('a component the app also uses, what a dialog imports, a root file, a ui module and a cycle are not', () => {
    expect(ownChunk(f('player/components/TrackMenu.tsx'))).toBe(false);
    expect(ownChunk(f('playlists/components/PlaylistDialogs.module.css'))).toBe(false);
    expect(ownChunk(f('playlists/selectors.ts'))).toBe(false);
    expect(ownChunk('/repo/src/ui/Cover.tsx')).toBe(false);
    expect(ownChunk(f('shortcuts/components/A.tsx'))).toBe(false);
  });
});
