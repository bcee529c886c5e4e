// Playlists (docs/behaviour.md#other-pages, #dialogs, #playlists): the user's lists, one list's page, and adding tracks to a list.
export { PlaylistsProvider } from './context';
