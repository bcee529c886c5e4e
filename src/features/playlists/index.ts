// Playlists (spec 2.8, 2.9, 4.5): the user's lists, one list's page, and adding tracks to a list.
export { playlistsMachine, type PlaylistsRef } from './playlistsMachine';
export { playlistMachine } from './playlistMachine';
export { startPlaylists } from './start';
export { PlaylistsProvider } from './context';
