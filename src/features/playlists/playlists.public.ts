// What 智能歌单 reads of the playlists store: the listener's own lists (its playlist rule), and how a
// list it saved as a playlist joins them.
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { PlaylistInfo } from '@/shared/types';
import { usePlaylists } from './context';
import { playlistsOf } from './selectors';

export function useOwnPlaylists(): PlaylistInfo[] {
  return useSelector(usePlaylists().playlists, playlistsOf);
}

/** a list saved elsewhere: listed at once */
export function usePlaylistSaved(): (playlist: PlaylistInfo) => void {
  const { playlists } = usePlaylists();
  return useCallback((playlist) => playlists.send({ type: 'PLAYLIST_ADDED', playlist }), [playlists]);
}
