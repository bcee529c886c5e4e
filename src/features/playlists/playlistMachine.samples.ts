// Sample events for `npm run paths -- playlist` and tests/machines/playlist.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject } from 'xstate';
import { ApiError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';

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
];

export const pathInput = { id: samplePlaylist.id };
