// Sample events for `npm run paths -- playlist` and tests/machines/playlist.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot, EventObject } from 'xstate';
import { ApiError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';
import type { PlaylistContext } from './playlistMachine';

export const samplePlaylistInfo = {
  id: '7',
  name: '周末',
  description: '',
  isPublic: true,
  cover: null,
  owner: '1',
  lastModified: 1_700_000_000,
};
export const samplePlaylist = {
  ...samplePlaylistInfo,
  version: 'a1b2c3d4e5f60718',
  items: [
    { id: '11', type: 'normal' as const, description: '', track: sampleTrack('a') },
    { id: '12', type: 'album' as const, description: '', albumId: 'album-b' },
  ],
};
export const samplePlaylistForm = { name: '通勤', description: '路上听', isPublic: false };
const playlistChanged = new ApiError(103010, 'playlist changed since it was read; reload it and try again');

export const pathEvents: AnyEventObject[] = [
  { type: 'SUBMIT_EDIT', form: samplePlaylistForm },
  { type: 'SUBMIT_EDIT', form: { ...samplePlaylistForm, name: '' } },
  { type: 'REMOVE_ITEM', itemId: '11' },
  { type: 'MOVE_ITEM', itemId: '11', by: 1 },
  { type: 'MOVE_ITEM', itemId: '12', by: -1 },
  { type: 'REPLACED', playlist: { ...samplePlaylist, lastModified: 1_700_000_200 } },
  { type: 'REPLACED', playlist: { ...samplePlaylist, id: '8' } },
  // the page's own row adds its track to the list again (更多 → 添加到播放列表): one more item, last
  {
    type: 'REPLACED',
    playlist: {
      ...samplePlaylist,
      lastModified: 1_700_000_300,
      items: [...samplePlaylist.items, { id: '13', type: 'normal', description: '', track: sampleTrack('a') }],
    },
  },
  { type: 'xstate.done.actor.loadPlaylist', output: samplePlaylist },
  { type: 'xstate.error.actor.loadPlaylist', error: new ApiError(902000, 'playlist not found') },
  { type: 'xstate.done.actor.updateInfo', output: { ...samplePlaylist, name: samplePlaylistForm.name } },
  { type: 'xstate.error.actor.updateInfo', error: new ApiError(902003, 'playlist name must not be empty') },
  { type: 'xstate.done.actor.removeItem', output: { ...samplePlaylist, items: samplePlaylist.items.slice(1) } },
  { type: 'xstate.error.actor.removeItem', error: new ApiError(901000, 'song not found') },
  { type: 'xstate.done.actor.reorder', output: { ...samplePlaylist, items: [...samplePlaylist.items].reverse() } },
  {
    type: 'xstate.error.actor.reorder',
    error: new ApiError(902003, 'malformed payload: reorder needs every item id of the playlist exactly once'),
  },
  // another tab or device changed the list since it was read
  { type: 'xstate.error.actor.updateInfo', error: playlistChanged },
  { type: 'xstate.error.actor.reorder', error: playlistChanged },
];

export const pathInput = { id: samplePlaylist.id };

type SentSample = EventObject & { itemId?: string; by?: number; playlist?: { id: string } };

/**
 * What makes two snapshots the same state in a walk: the value, the order of the items shown,
 * whether an error (load or form) is shown, and how the state was entered (which request ended and
 * how, which move, or a REPLACED of which list), so every sample event is walked.
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot, event?: EventObject) => {
  const context = snapshot.context as PlaylistContext;
  const order = context.playlist?.items.map((i) => i.id) ?? null;
  const sent = event as SentSample | undefined;
  const via =
    sent && /^xstate\.(done|error)\.actor\./.test(sent.type)
      ? sent.type
      : sent?.type === 'REPLACED'
        ? `REPLACED ${sent.playlist!.id}`
        : sent?.type === 'MOVE_ITEM'
          ? `MOVE ${sent.itemId} ${sent.by}`
          : null;
  return JSON.stringify([snapshot.value, order, context.error !== null, context.formError !== null, via]);
};

/**
 * Only what the page takes, plus REPLACED everywhere (a change to another list, or one before the
 * list is shown, must be ignored). REPLACED is not walked while a move is in flight: the paths
 * test's model does not follow a replacement racing a move; playlist.test.ts covers that case.
 */
export const pathFilter = (snapshot: AnyMachineSnapshot, event: EventObject) =>
  event.type === 'REPLACED' ? !snapshot.matches({ ready: 'moving' }) : snapshot.can(event);

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  'xstate.done.actor.loadPlaylist': 'the server sends the playlist',
  'xstate.error.actor.loadPlaylist': 'the playlist cannot be loaded (not found, private, or no answer)',
  RETRY: 'the listener presses 重试',
  REPLACED: 'tracks are added to this playlist from the 添加到播放列表 dialog',
  OPEN_EDIT: 'the listener presses 修改播放列表信息',
  REMOVE_ITEM: 'the listener chooses 从播放列表移除 on an item',
  MOVE_ITEM: 'the listener chooses 上移 / 下移 on an item',
  CLOSE: 'the listener closes the dialog (取消)',
  SUBMIT_EDIT: 'the listener edits 名称, 说明, 是否公开 and presses 确定',
  'xstate.done.actor.updateInfo': "the server saves the playlist's info (修改播放列表信息成功)",
  'xstate.error.actor.updateInfo':
    'the server refuses the info (its message shows; changed elsewhere: the list loads afresh)',
  'xstate.done.actor.removeItem': 'the server removes the item (删除成功)',
  'xstate.error.actor.removeItem': 'the server refuses to remove the item (a toast says why)',
  'xstate.done.actor.reorder': 'the server accepts the new order',
  'xstate.error.actor.reorder': 'the server refuses the new order (the item moves back)',
};
