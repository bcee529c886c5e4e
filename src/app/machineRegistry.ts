// The registry of machines, for diagrams and QA paths: what `npm run machines` draws into
// docs/machines/ and what `npm run paths -- <name>` walks. pathEvents are the sample events a walk explores
// (payloads included), beside the events derived from the machine itself.
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { ApiError, NetworkError } from '@/services/api/errors';
import type { UserInfo } from '@/shared/types';
// Straight from the machine files, not the features' index.ts: the scripts run this under Node,
// which cannot load the components (and their CSS) an index also exports.
import { favouritesMachine } from '@/features/favourites/favouritesMachine';
import { favouriteToggleMachine } from '@/features/favourites/favouriteToggleMachine';
import { librariesMachine } from '@/features/library/librariesMachine';
import { librarySyncMachine } from '@/features/library/librarySyncMachine';
import { messagesMachine } from '@/features/messages/messagesMachine';
import { playerMachine } from '@/features/player/playerMachine';
import { playlistMachine } from '@/features/playlists/playlistMachine';
import { playlistsMachine } from '@/features/playlists/playlistsMachine';
import { sessionMachine } from '@/features/session/sessionMachine';
import { settingsMachine } from '@/features/settings/settingsMachine';
import { NoShareTokenError, shareFormError, shareWizardMachine, type ShareWizardContext } from '@/features/share/shareWizardMachine';
import { mySharesMachine } from '@/features/share/mySharesMachine';
import { sharingMachine } from '@/features/share/sharingMachine';
import { loaderMachine } from '@/ui/loaderMachine';
import { lyricsMachine } from '@/features/lyrics/lyricsMachine';
import { shellMachine } from '@/features/shell/shellMachine';

export const machines: Record<string, AnyStateMachine> = {
  session: sessionMachine,
  loader: loaderMachine,
  messages: messagesMachine,
  settings: settingsMachine,
  libraries: librariesMachine,
  librarySync: librarySyncMachine,
  player: playerMachine,
  favourites: favouritesMachine,
  favouriteToggle: favouriteToggleMachine,
  playlists: playlistsMachine,
  playlist: playlistMachine,
  shareWizard: shareWizardMachine,
  myShares: mySharesMachine,
  sharing: sharingMachine,
  lyrics: lyricsMachine,
  shell: shellMachine,
};

const sampleUser: UserInfo = { userId: '1', email: 'mio@example.com', nickname: 'Mio', avatar: '', twoFactorEnabled: false };
const unauthorized = new ApiError(902002, 'unauthorized');
const sampleCredential = { id: 'c1', name: '演示音乐库', url: 'http://127.0.0.1:8081', token: 'a.b.c', priority: 0, controlled: false };
const sampleRecord = { url: sampleCredential.url, serverLastUpdate: 100, lastSync: 1, albums: ['a'], albumCount: 1 };
const sampleTrack = (id: string) => ({
  albumId: `album-${id}`,
  discId: 1,
  trackId: 1,
  title: `Track ${id}`,
  artist: 'Artist',
  type: 'normal',
  albumTitle: 'Album',
});
const sampleSource = { url: 'http://127.0.0.1:8081/album-a/1/1?auth=a.b.c&quality=lossless', coverUrl: 'http://127.0.0.1:8081/album-a/1/cover' };
const libraryForm = { name: 'Home', url: 'https://home.example', token: 'aaa.bbb.ccc', priority: '0' };
const samplePlaylistInfo = {
  id: '7',
  name: '周末',
  description: '',
  isPublic: true,
  cover: null,
  owner: '1',
  lastModified: 1_700_000_000,
};
const samplePlaylist = {
  ...samplePlaylistInfo,
  version: 'a1b2c3d4e5f60718',
  items: [
    { id: '11', type: 'normal' as const, description: '', track: sampleTrack('a') },
    { id: '12', type: 'album' as const, description: '', albumId: 'album-b' },
  ],
};
const playlistChanged = new ApiError(103010, 'playlist changed since it was read; reload it and try again');
const samplePlaylistForm = { name: '通勤', description: '路上听', isPublic: false };
const sampleShareTracks = [
  sampleTrack('a'),
  { ...sampleTrack('a'), trackId: 2, title: 'Track a2' },
  sampleTrack('b'),
];
const sampleShareEntries = [
  { id: 'qWeRtYuI', date: 1_700_000_300, name: '周末' },
  { id: 'AsDfGhJk', date: 1_700_000_200 },
];

export const pathEvents: Record<string, AnyEventObject[]> = {
  session: [
    { type: 'LOGIN', form: { email: 'mio@example.com', password: 'pw' } },
    { type: 'LOGIN', form: { email: '', password: '' } },
    {
      type: 'REGISTER',
      form: { email: 'a@b.c', password: 'p', repeatPassword: 'p', nickname: 'A', inviteCode: '' },
      inviteRequired: false,
    },
    { type: 'UPDATE_PROFILE', form: { nickname: 'Mio', avatar: 'a.png' } },
    { type: 'CHANGE_PASSWORD', form: { oldPassword: 'o', newPassword: 'n', confirmPassword: 'n' } },
    { type: 'xstate.done.actor.fetchUser', output: sampleUser },
    { type: 'xstate.error.actor.fetchUser', error: unauthorized },
    { type: 'xstate.error.actor.fetchUser', error: new Error('未知网络错误') },
    { type: 'xstate.done.actor.login', output: sampleUser },
    { type: 'xstate.error.actor.login', error: new ApiError(102010, 'email and password does not match') },
    { type: 'xstate.error.actor.login', error: new ApiError(202001, 'wrong 2fa code') },
    { type: 'SUBMIT_CODE', code: '123 456' },
    { type: 'SUBMIT_CODE', code: '12345' },
    { type: 'CANCEL_CODE' },
    { type: 'xstate.done.actor.loginWithCode', output: sampleUser },
    { type: 'xstate.error.actor.loginWithCode', error: new ApiError(202001, 'wrong 2fa code') },
    { type: 'xstate.error.actor.loginWithCode', error: new ApiError(202003, 'attempt too frequent') },
    { type: 'xstate.done.actor.refreshUser', output: sampleUser },
    { type: 'ENABLE_TWO_FACTOR', setup: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '123456' } },
    { type: 'ENABLE_TWO_FACTOR', setup: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '12' } },
    { type: 'DISABLE_TWO_FACTOR', code: '654321' },
    { type: 'DELETE_ACCOUNT', form: { password: 'pw' } },
    { type: 'DELETE_ACCOUNT', form: { password: '' } },
    { type: 'xstate.done.actor.enableTwoFactor' },
    { type: 'xstate.error.actor.enableTwoFactor', error: new ApiError(202001, 'wrong 2fa code') },
    { type: 'xstate.done.actor.disableTwoFactor' },
    { type: 'xstate.done.actor.deleteAccount' },
    { type: 'xstate.error.actor.deleteAccount', error: new ApiError(102010, 'email and password does not match') },
    { type: 'xstate.error.actor.fetchUser', error: new ApiError(202000, '2fa is enforced') },
    { type: 'TWO_FACTOR_REQUIRED' },
    { type: 'xstate.error.actor.updateProfile', error: unauthorized },
  ],
  loader: [{ type: 'xstate.done.actor.load', output: { siteName: 'Anniv' } }],
  messages: [{ type: 'ADD', severity: 'info', message: '播放队列播完啦' }, { type: 'HIDE', id: 1 }],
  settings: [{ type: 'SET_QUALITY', quality: 'medium' }],
  lyrics: [
    { type: 'TRACK', track: { albumId: 'album-a', discId: 1, trackId: 1 } },
    { type: 'TRACK', track: null },
    { type: 'xstate.done.actor.fetchLyrics', output: { synced: true, lines: [{ time: 0.5, text: '港口的灯' }] } },
    { type: 'xstate.done.actor.fetchLyrics', output: null },
    { type: 'xstate.error.actor.fetchLyrics', error: new Error('未知网络错误') },
  ],
  libraries: [
    { type: 'SUBMIT_ADD', form: libraryForm },
    { type: 'SUBMIT_ADD', form: { ...libraryForm, name: '' } },
    { type: 'DELETE', id: 'c1' },
    { type: 'xstate.done.actor.listCredentials', output: [sampleCredential] },
    { type: 'xstate.error.actor.listCredentials', error: new Error('未知网络错误') },
    { type: 'xstate.done.actor.addCredential', output: { ...sampleCredential, id: 'c2' } },
    { type: 'xstate.done.actor.deleteCredential' },
    { type: 'REFRESH' },
    { type: 'xstate.done.actor.refreshCredentials', output: [sampleCredential] },
    { type: 'xstate.error.actor.refreshCredentials', error: new Error('未知网络错误') },
  ],
  librarySync: [
    { type: 'SYNC', credentials: [sampleCredential] },
    { type: 'SYNC_ONE', credential: sampleCredential },
    { type: 'REMOVE', url: sampleCredential.url },
    { type: 'xstate.done.actor.loadRecords', output: [] },
    { type: 'xstate.done.actor.fetchLibraryInfo', output: { lastUpdate: 200 } },
    { type: 'xstate.done.actor.fetchLibraryAlbums', output: ['a', 'b'] },
    { type: 'xstate.error.actor.fetchLibraryAlbums', error: new NetworkError(401, 'Unauthorized') },
    { type: 'xstate.done.actor.storeLibrary', output: { ...sampleRecord, serverLastUpdate: 200 } },
  ],
  player: [
    { type: 'RESTORE', queue: [sampleTrack('a'), sampleTrack('b')], index: 0 },
    { type: 'ADD_TO_QUEUE', tracks: [sampleTrack('a'), sampleTrack('b')] },
    { type: 'PLAY_LATER', track: sampleTrack('c') },
    { type: 'REPLACE_AND_PLAY', tracks: [sampleTrack('a'), sampleTrack('b')], index: 0 },
    { type: 'PLAY_INDEX', index: 1 },
    { type: 'REMOVE_FROM_QUEUE', index: 0 },
    { type: 'SEEK', fraction: 0.5 },
    { type: 'SET_VOLUME', percent: 50 },
    { type: 'audio.loaded', duration: 180 },
    { type: 'audio.timeupdate', currentTime: 12, duration: 180 },
    { type: 'audio.error', message: 'source not supported' },
    { type: 'audio.playRejected', name: 'NotAllowedError', message: 'autoplay blocked' },
    { type: 'xstate.done.actor.resolveSource', output: sampleSource },
    { type: 'xstate.error.actor.resolveSource', error: new Error('网络错误: 503 Service Unavailable') },
    { type: 'xstate.done.actor.preload', output: sampleSource },
    { type: 'audio.handedOver', duration: 180 },
    { type: 'xstate.done.actor.reportPlay' },
    { type: 'xstate.done.actor.findCover', output: { key: 'album-a-1-1', coverUrl: sampleSource.coverUrl } },
    { type: 'xstate.error.actor.findCover', error: new Error('IndexedDB unavailable') },
    { type: 'LIBRARIES_CHANGED' },
  ],
  favourites: [
    { type: 'TRACK_LIKED', track: sampleTrack('a') },
    { type: 'TRACK_LIKED', track: sampleTrack('b') },
    { type: 'TRACK_UNLIKED', track: { albumId: 'album-a', discId: 1, trackId: 1 } },
    { type: 'ALBUM_LIKED', albumId: 'album-b' },
    { type: 'ALBUM_UNLIKED', albumId: 'album-a' },
    { type: 'xstate.done.actor.loadFavourites', output: { tracks: [sampleTrack('a')], albums: ['album-a'] } },
    { type: 'xstate.error.actor.loadFavourites', error: unauthorized },
    { type: 'xstate.done.actor.loadFavouriteAlbums', output: ['album-b', 'album-a'] },
    { type: 'xstate.error.actor.loadFavouriteAlbums', error: new Error('未知网络错误') },
    // a heart's click spawns its album's toggle; its settled request stops it
    { type: 'TOGGLE_FAVOURITE', target: { kind: 'album', albumId: 'album-b' }, liked: false },
    { type: 'TOGGLE_SETTLED', id: 'heart:album:album-b' },
  ],
  favouriteToggle: [
    { type: 'TOGGLE', liked: false },
    { type: 'TOGGLE', liked: true },
    { type: 'xstate.done.actor.submit' },
    { type: 'xstate.error.actor.submit', error: new ApiError(901000, 'album is already a favourite') },
  ],
  playlists: [
    { type: 'SUBMIT_CREATE', form: samplePlaylistForm },
    { type: 'SUBMIT_CREATE', form: { ...samplePlaylistForm, name: '  ' } },
    { type: 'DELETE', id: samplePlaylist.id },
    { type: 'ADD_TRACKS', tracks: [sampleTrack('a'), sampleTrack('b')] },
    { type: 'CHOOSE', id: samplePlaylist.id },
    { type: 'PLAYLIST_SAVED', playlist: { ...samplePlaylistInfo, name: '周末 2', lastModified: 1_700_000_100 } },
    { type: 'xstate.done.actor.listPlaylists', output: [samplePlaylistInfo] },
    { type: 'xstate.error.actor.listPlaylists', error: unauthorized },
    { type: 'xstate.done.actor.createPlaylist', output: { ...samplePlaylist, id: '8', name: samplePlaylistForm.name, items: [] } },
    { type: 'xstate.error.actor.createPlaylist', error: new ApiError(901000, 'too many playlists (at most 100)') },
    { type: 'xstate.done.actor.appendTracks', output: { ...samplePlaylist, lastModified: 1_700_000_200 } },
    { type: 'xstate.error.actor.appendTracks', error: new ApiError(901000, 'playlist is full (at most 10000 items)') },
    { type: 'xstate.done.actor.deletePlaylist' },
    { type: 'xstate.error.actor.deletePlaylist', error: new ApiError(902001, 'you are not the owner of the play list') },
    // the page of a list opens (its actor spawned here) and leaves
    { type: 'OPEN_PAGE', id: samplePlaylist.id },
    { type: 'CLOSE_PAGE', id: samplePlaylist.id },
  ],
  playlist: [
    { type: 'SUBMIT_EDIT', form: samplePlaylistForm },
    { type: 'SUBMIT_EDIT', form: { ...samplePlaylistForm, name: '' } },
    { type: 'REMOVE_ITEM', itemId: '11' },
    { type: 'MOVE_ITEM', itemId: '11', by: 1 },
    { type: 'MOVE_ITEM', itemId: '12', by: -1 },
    { type: 'REPLACED', playlist: { ...samplePlaylist, lastModified: 1_700_000_200 } },
    { type: 'REPLACED', playlist: { ...samplePlaylist, id: '8' } },
    { type: 'xstate.done.actor.loadPlaylist', output: samplePlaylist },
    { type: 'xstate.error.actor.loadPlaylist', error: new ApiError(902000, 'playlist not found') },
    { type: 'xstate.done.actor.updateInfo', output: { ...samplePlaylist, name: samplePlaylistForm.name } },
    { type: 'xstate.error.actor.updateInfo', error: new ApiError(902003, 'playlist name must not be empty') },
    { type: 'xstate.done.actor.removeItem', output: { ...samplePlaylist, items: samplePlaylist.items.slice(1) } },
    { type: 'xstate.error.actor.removeItem', error: new ApiError(901000, 'song not found') },
    { type: 'xstate.done.actor.reorder', output: { ...samplePlaylist, items: [...samplePlaylist.items].reverse() } },
    { type: 'xstate.error.actor.reorder', error: new ApiError(902003, 'malformed payload: reorder needs every item id of the playlist exactly once') },
    // another tab or device changed the list since it was read
    { type: 'xstate.error.actor.updateInfo', error: playlistChanged },
    { type: 'xstate.error.actor.reorder', error: playlistChanged },
  ],
  shareWizard: [
    { type: 'EDIT', name: '周末', description: '一起听' },
    { type: 'EDIT', name: '周末', description: '  ' },
    { type: 'TOGGLE_TRACK', key: 'album-a-1-1' },
    { type: 'TOGGLE_TRACK', key: 'album-b-1-1' },
    { type: 'xstate.done.actor.chooseCredentials', output: { 'album-a': 'c1', 'album-b': 'c1' } },
    { type: 'xstate.error.actor.chooseCredentials', error: new NoShareTokenError() },
    { type: 'xstate.done.actor.createShare', output: 'qWeRtYuI' },
    { type: 'xstate.error.actor.createShare', error: new ApiError(900000, 'token does not support share') },
    { type: 'xstate.done.actor.copyLink' },
    { type: 'xstate.error.actor.copyLink', error: new Error('您的浏览器不支持复制功能') },
    { type: 'xstate.done.actor.nativeShare' },
    { type: 'xstate.error.actor.nativeShare', error: new Error('您的浏览器不支持分享功能') },
  ],
  myShares: [
    { type: 'DELETE', id: 'qWeRtYuI' },
    { type: 'DELETE', id: 'unknown' },
    { type: 'xstate.done.actor.listShares', output: sampleShareEntries },
    { type: 'xstate.error.actor.listShares', error: unauthorized },
    { type: 'xstate.done.actor.deleteShare' },
    { type: 'xstate.error.actor.deleteShare', error: new ApiError(902001, 'you are not the owner of the share') },
    { type: 'COPY', link: 'https://anniv.example/s/qWeRtYuI' },
    { type: 'xstate.done.actor.copyLink' },
    { type: 'xstate.error.actor.copyLink', error: new Error('您的浏览器不支持复制功能') },
  ],
  sharing: [
    { type: 'OPEN_WIZARD', input: { tracks: sampleShareTracks, cover: { albumId: 'album-a', discId: 1 }, name: 'Album', linkBase: 'https://anniv.example' } },
    { type: 'CLOSE_WIZARD' },
    { type: 'OPEN_MY_SHARES' },
    { type: 'CLOSE_MY_SHARES' },
  ],
};

/** Inputs for machines whose context comes from input. */
export const pathInputs: Record<string, unknown> = {
  session: { storedUser: null },
  settings: { quality: 'lossless', pageOnCloseAction: 'none', colorScheme: 'auto' },
  player: { volume: 100, muted: false },
  // the store (a live favourites actor) is the caller's to give; a walk sends it nothing
  favouriteToggle: { target: { kind: 'track', track: sampleTrack('a') } },
  playlist: { id: samplePlaylist.id },
  shareWizard: { tracks: sampleShareTracks, cover: { albumId: 'album-a', discId: 1 }, name: 'Album', linkBase: 'https://anniv.example' },
};

/**
 * What makes two snapshots the same state in a walk, for machines whose guards read context
 * (default: the state value alone). The player's queue size decides where an event leads (an
 * empty queue is what makes `ended` a resting state), so it is part of the key; nothing else is.
 */
export const pathStateKeys: Record<string, (snapshot: AnyMachineSnapshot) => string> = {
  player: (snapshot) =>
    JSON.stringify([snapshot.value, Math.min((snapshot.context as { queue: unknown[] }).queue.length, 2)]),
  // the form's state decides where SUBMIT leads
  shareWizard: (snapshot) => JSON.stringify([snapshot.value, shareFormError(snapshot.context as ShareWizardContext)]),
};
