// What views read of the playlists store and of a playlist's page.
import type { PlaylistSnapshot } from './playlistMachine';
import type { PlaylistsSnapshot } from './playlistsMachine';

export const playlistsOf = (s: PlaylistsSnapshot) => s.context.playlists;
export const playlistsKnownOf = (s: PlaylistsSnapshot): boolean => s.hasTag('ready') || s.hasTag('failed');
export const formErrorOf = (s: PlaylistsSnapshot) => s.context.formError;
/** whether 创建播放列表 is taken now (the lists are loaded and no dialog or request is open) */
export const canCreatePlaylistOf = (s: PlaylistsSnapshot): boolean => s.can({ type: 'OPEN_CREATE' });
/** whether the item can move one place that way now (not first/last, nothing in flight) */
export const canMoveItem =
  (itemId: string, by: -1 | 1) =>
  (s: PlaylistSnapshot): boolean =>
    s.can({ type: 'MOVE_ITEM', itemId, by });
/** whether the item can be removed now (it is in the list, nothing in flight) */
export const canRemoveItem =
  (itemId: string) =>
  (s: PlaylistSnapshot): boolean =>
    s.can({ type: 'REMOVE_ITEM', itemId });
