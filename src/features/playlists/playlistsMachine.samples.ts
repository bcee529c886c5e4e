// Sample events for `npm run paths -- playlists` and tests/machines/playlists.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError, errorMessage, NetworkError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';
import { samplePlaylist, samplePlaylistForm, samplePlaylistInfo } from './playlistMachine.samples';
import type { PlaylistsContext } from './playlistsMachine';

const unauthorized = new ApiError(902002, 'unauthorized');

export const pathEvents: AnyEventObject[] = [
  { type: 'SUBMIT_CREATE', form: samplePlaylistForm },
  { type: 'SUBMIT_CREATE', form: { ...samplePlaylistForm, name: '  ' } },
  { type: 'DELETE', id: samplePlaylist.id },
  { type: 'ADD_TRACKS', tracks: [sampleTrack('a'), sampleTrack('b')] },
  { type: 'CHOOSE', id: samplePlaylist.id },
  { type: 'PLAYLIST_SAVED', playlist: { ...samplePlaylistInfo, name: '周末 2', lastModified: 1_700_000_100 } },
  { type: 'PLAYLIST_ADDED', playlist: { ...samplePlaylistInfo, id: '9', name: '常听', isPublic: false } },
  { type: 'xstate.done.actor.listPlaylists', output: [samplePlaylistInfo] },
  { type: 'xstate.error.actor.listPlaylists', error: unauthorized },
  // a failure that does not end the session (902002 does: the app signs out at once)
  { type: 'xstate.error.actor.listPlaylists', error: new NetworkError(503, 'Service Unavailable') },
  {
    type: 'xstate.done.actor.createPlaylist',
    output: { ...samplePlaylist, id: '8', name: samplePlaylistForm.name, items: [] },
  },
  { type: 'xstate.error.actor.createPlaylist', error: new ApiError(901000, 'too many playlists (at most 100)') },
  { type: 'xstate.done.actor.appendTracks', output: { ...samplePlaylist, lastModified: 1_700_000_200 } },
  { type: 'xstate.error.actor.appendTracks', error: new ApiError(901000, 'playlist is full (at most 10000 items)') },
  { type: 'xstate.done.actor.deletePlaylist' },
  { type: 'xstate.error.actor.deletePlaylist', error: new ApiError(902001, 'you are not the owner of the play list') },
  // the page of a list opens (its actor spawned here) and leaves
  { type: 'OPEN_PAGE', id: samplePlaylist.id },
  { type: 'CLOSE_PAGE', id: samplePlaylist.id },
];

/**
 * What makes two snapshots the same state in a walk: the value, whether tracks wait to be added (so
 * the create dialog is walked from the list page and from the add dialog), whether the create
 * dialog shows an error, the lists known and their names (so PLAYLIST_SAVED is walked), the
 * playlist page it owns (so OPEN_PAGE and CLOSE_PAGE are walked), and how the state was entered:
 * after a RESET the state it left (so RESET is walked from every state), after a request's end
 * which request and how it ended, with which message (so every done and error sample is walked).
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot, event?: EventObject, previous?: AnyMachineSnapshot) => {
  const context = snapshot.context as PlaylistsContext;
  const known = context.playlists.map((p) => `${p.id}:${p.name}`).sort();
  const failed = (event as { error?: unknown } | undefined)?.error;
  const via =
    event?.type === 'RESET' && previous
      ? previous.value
      : event && (/^xstate\.(done|error)\.actor\./.test(event.type) || event.type === 'CLOSE_PAGE')
        ? [event.type, failed === undefined ? null : errorMessage(failed)]
        : null;
  return JSON.stringify([
    snapshot.value,
    context.pendingTracks.length > 0,
    context.formError !== null,
    known,
    context.page?.id ?? null,
    via,
  ]);
};

/**
 * Only what the store takes, and a created list's id is new (the sample always answers the same id).
 * LOAD is not walked from a dialog or a request: ready does not take it (it once did, losing the
 * dialog's tracks or the request in flight; playlists.test.ts shows it no longer does).
 */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) => {
  if (event.type === 'LOAD' && snapshot.matches('ready') && !snapshot.matches({ ready: 'browsing' })) return false;
  const created = (event as { output?: { id: string } }).output;
  if (
    event.type === 'xstate.done.actor.createPlaylist' &&
    (snapshot.context as PlaylistsContext).playlists.some((p) => p.id === created!.id)
  )
    return false;
  return snapshot.can(event);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  RESET: 'the listener signs out',
  OPEN_PAGE: "the listener opens a playlist's page",
  CLOSE_PAGE: "the listener leaves the playlist's page",
  PLAYLIST_SAVED: "the open playlist's page saves a change (name, items, order)",
  PLAYLIST_ADDED: "a smart playlist's 保存为歌单 makes a new playlist",
  LOAD: 'someone is signed in (just now, or as the app opens), or the listener presses 重试 on the 播放列表 page',
  'xstate.done.actor.listPlaylists': "the server lists the user's playlists",
  'xstate.error.actor.listPlaylists': 'the playlists cannot be read (a toast says why)',
  OPEN_CREATE: 'the listener presses 创建播放列表 (or 新建播放列表并添加)',
  DELETE: 'the listener presses 删除播放列表 on a list',
  ADD_TRACKS: 'the listener chooses 添加到播放列表 for some tracks',
  CLOSE: 'the listener closes the dialog (取消)',
  SUBMIT_CREATE: 'the listener fills in 名称, 说明, 是否公开 and presses 确定',
  'xstate.done.actor.createPlaylist': 'the server creates the playlist',
  'xstate.error.actor.createPlaylist': 'the server refuses the playlist (its message shows in the dialog)',
  CHOOSE: 'the listener clicks a playlist in the 添加到播放列表 dialog',
  'xstate.done.actor.appendTracks': 'the server adds the tracks (添加成功)',
  'xstate.error.actor.appendTracks': 'the server refuses to add the tracks (a toast says why)',
  CONFIRM: 'the listener presses 确定 in 删除播放列表确认',
  'xstate.done.actor.deletePlaylist': 'the server deletes the playlist',
  'xstate.error.actor.deletePlaylist': 'the server refuses to delete the playlist (a toast says why)',
};
