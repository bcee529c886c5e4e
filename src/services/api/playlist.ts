// Playlists (docs/protocol.md#shapes, #playlists): the user's lists, one list with its items, create,
// the PATCH commands (append, remove, reorder, info) and delete.
import { NEW_PLAYLIST_COVER } from '@/shared/constants';
import type { TrackIdentity } from '@/shared/track';
import type { Playlist, PlaylistCover, PlaylistFields, PlaylistInfo, PlaylistItem } from '@/shared/types';
import { DEFAULT_TRACK_TYPE, parseTrackResult } from '@/rules/albumParse';
import { answerOrCopy, type AnswerCopies } from './answerCopies';
import type { ApiClient } from './client';
import { BadResponseError } from './errors';
import { isRecord, readBoolean, readId, readNumber, readString } from '@/rules/narrow';

function parseCover(value: unknown): PlaylistCover | null {
  if (!isRecord(value)) return null;
  const albumId = readString(value.albumId, '');
  if (albumId === '') return null;
  return { albumId, discId: readNumber(value.discId, 1) };
}

export function parsePlaylistInfo(value: unknown): PlaylistInfo | null {
  if (!isRecord(value)) return null;
  const id = readId(value.id);
  if (id === null) return null;
  return {
    id,
    name: readString(value.name, ''),
    description: readString(value.description, ''),
    isPublic: readBoolean(value.isPublic, false),
    cover: parseCover(value.cover),
    owner: readId(value.owner) ?? '',
    lastModified: readNumber(value.lastModified, 0),
  };
}

function parseItem(value: unknown): PlaylistItem | null {
  if (!isRecord(value)) return null;
  const id = readId(value.id);
  if (id === null) return null;
  const description = readString(value.description, '');
  switch (value.type) {
    case 'normal': {
      const track = parseTrackResult(value.info);
      return track && { id, type: 'normal', description, track };
    }
    case 'dummy': {
      const info = isRecord(value.info) ? value.info : {};
      return {
        id,
        type: 'dummy',
        description,
        title: readString(info.title, ''),
        artist: readString(info.artist, ''),
        trackType: readString(info.type, DEFAULT_TRACK_TYPE) || DEFAULT_TRACK_TYPE,
      };
    }
    case 'album': {
      const albumId = readString(value.info, '');
      return albumId ? { id, type: 'album', description, albumId } : null;
    }
    default:
      return null;
  }
}

export function parsePlaylist(value: unknown): Playlist | null {
  const info = parsePlaylistInfo(value);
  if (!info || !isRecord(value)) return null;
  const items = Array.isArray(value.items)
    ? value.items.map(parseItem).filter((i): i is PlaylistItem => i !== null)
    : [];
  return { ...info, items, version: readString(value.version, '') || null };
}

function playlistOf(data: unknown): Playlist {
  const playlist = parsePlaylist(data);
  if (!playlist) throw new BadResponseError();
  return playlist;
}

/**
 * the signed-in user's playlists; with `userId`, that user's public ones. With `copies`, the last
 * answer is kept and read when the server gives none (the user's own lists open offline).
 */
export async function getPlaylists(api: ApiClient, userId?: string, copies?: AnswerCopies): Promise<PlaylistInfo[]> {
  const ask = () => api.get('/api/playlists', { query: { userId } });
  const data = userId === undefined ? await answerOrCopy('playlists', ask, copies) : await ask();
  if (data === null) return [];
  if (!Array.isArray(data)) throw new BadResponseError();
  return data.map(parsePlaylistInfo).filter((p): p is PlaylistInfo => p !== null);
}

/** one list with its items; with `copies`, as last read when the server gives no answer (offline) */
export async function getPlaylist(api: ApiClient, id: string, copies?: AnswerCopies): Promise<Playlist> {
  return playlistOf(await answerOrCopy(`playlist:${id}`, () => api.get('/api/playlist', { query: { id } }), copies));
}

/** a new, empty list; its cover is the spec's "none yet" (empty album id, disc 1) */
export async function createPlaylist(api: ApiClient, fields: PlaylistFields): Promise<Playlist> {
  const body = { ...fields, cover: NEW_PLAYLIST_COVER, items: [] };
  return playlistOf(await api.put('/api/playlist', { body }));
}

const trackItem = ({ albumId, discId, trackId }: TrackIdentity) => ({
  type: 'normal',
  description: '',
  info: { albumId, discId, trackId },
});

/**
 * `version`: what the change was made on (the list as last read). Our server refuses a change to a
 * list that has changed since (103010) instead of silently undoing the other change; servers that
 * send no version get none back.
 */
async function patch(
  api: ApiClient,
  id: string,
  command: string,
  payload: unknown,
  version: string | null = null,
): Promise<Playlist> {
  return playlistOf(
    await api.patch('/api/playlist', { body: { id, command, payload, ...(version ? { version } : {}) } }),
  );
}

export function appendTracks(api: ApiClient, id: string, tracks: readonly TrackIdentity[]): Promise<Playlist> {
  return patch(api, id, 'append', tracks.map(trackItem));
}

/** item ids are strings on the wire */
export function removeItems(api: ApiClient, id: string, itemIds: readonly string[]): Promise<Playlist> {
  return patch(api, id, 'remove', itemIds);
}

/** every item id of the list, in the new order */
export function reorderItems(
  api: ApiClient,
  id: string,
  itemIds: readonly string[],
  version: string | null = null,
): Promise<Playlist> {
  return patch(api, id, 'reorder', itemIds, version);
}

export function updatePlaylistInfo(
  api: ApiClient,
  id: string,
  fields: Partial<PlaylistFields>,
  version: string | null = null,
): Promise<Playlist> {
  return patch(api, id, 'info', fields, version);
}

/** the id goes in the JSON body (real servers) and the query (the spec's wording) */
export async function deletePlaylist(api: ApiClient, id: string): Promise<void> {
  await api.delete('/api/playlist', { query: { id }, body: { id } });
}
