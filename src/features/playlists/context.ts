import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { LoadedLater } from '@/shared/loadedLater';
import { providedContext } from '@/ui/providedContext';
import { useLoaded, useReady } from '@/ui/useLoaded';
import type { PlaylistRef } from './playlistMachine';
import type { PlaylistsFeature } from './start';

// the playlists store loads after the first page (app/system.ts creates it once somebody is signed in)
const [PlaylistsProvider, usePlaylistsLater] = providedContext<LoadedLater<PlaylistsFeature>>('Playlists');
export { PlaylistsProvider };

/** the playlists store; the view waits (its Suspense fallback shows) until its code has loaded */
export const usePlaylists = (): PlaylistsFeature => useReady(usePlaylistsLater());

/** the playlists store once the app has created it, null until then; never loads it (the first page's dialog host) */
export const usePlaylistsLoaded = (): PlaylistsFeature | null => useLoaded(usePlaylistsLater());

/**
 * The page actor of list `id`, owned by the playlists store: opened while the page is shown, stopped
 * when it leaves. Null until the store has spawned it (the first render after the page mounts).
 */
export function usePlaylistPage(id: string): PlaylistRef | null {
  const { playlists } = usePlaylists();
  useEffect(() => {
    playlists.send({ type: 'OPEN_PAGE', id });
    return () => playlists.send({ type: 'CLOSE_PAGE', id });
  }, [playlists, id]);
  return useSelector(playlists, (s) => (s.context.page?.id === id ? s.context.page.actor : null));
}
