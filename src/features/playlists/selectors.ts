// What views read of the playlists store.
import type { PlaylistsSnapshot } from './playlistsMachine';

export const playlistsOf = (s: PlaylistsSnapshot) => s.context.playlists;
export const playlistsKnownOf = (s: PlaylistsSnapshot): boolean => s.hasTag('ready') || s.hasTag('failed');
export const formErrorOf = (s: PlaylistsSnapshot) => s.context.formError;
