// Sample events for `npm run paths -- playlists` and tests/machines/playlists.paths.test.ts (payloads included,
// beside the events derived from the machine). Tooling only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError } from '@/services/api/errors';
import { sampleTrack } from '@/shared/model.samples';
import { samplePlaylist, samplePlaylistForm, samplePlaylistInfo } from './playlistMachine.samples';

const unauthorized = new ApiError(902002, 'unauthorized');

export const pathEvents: AnyEventObject[] = [
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
];

/** Tracks waiting to be added decide where a new playlist leads: part of a walk's key. */
export const pathStateKey = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify([snapshot.value, (snapshot.context as { pendingTracks: unknown[] }).pendingTracks.length > 0]);
