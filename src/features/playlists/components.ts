// The playlists' views other parts render: 添加到播放列表 (through the app's track slots and on the
// queue page) and the dialogs' host the app mounts once.
export { AddToPlaylistButton, AddToPlaylistMenuItem } from './components/AddToPlaylist';
export { PlaylistDialogsHost } from './components/PlaylistDialogsHost';
