import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { providedContext } from '@/ui/providedContext';
import type { PlaylistRef } from './playlistMachine';
import type { PlaylistsFeature } from './start';

export const [PlaylistsProvider, usePlaylists] = providedContext<PlaylistsFeature>('Playlists');

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
