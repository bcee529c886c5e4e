// Favourites (docs/protocol.md#favourites): liked tracks, albums and playlists, newest first.
import type { TrackIdentity } from '@/shared/track';
import type { LikedPlaylist, TrackResult } from '@/shared/types';
import { parseTrackResults } from '@/rules/albumParse';
import { answerOrCopy, type AnswerCopies } from './answerCopies';
import type { ApiClient } from './client';
import { BadResponseError } from './errors';
import { isRecord, readId, readString, readStringArray } from '@/rules/narrow';

const identity = ({ albumId, discId, trackId }: TrackIdentity) => ({ albumId, discId, trackId });

/** the liked tracks, newest first; unreadable entries are left out. With `copies`, as last read when the server gives no answer */
export async function getFavouriteTracks(api: ApiClient, copies?: AnswerCopies): Promise<TrackResult[]> {
  const data = await answerOrCopy('favorite:music', () => api.get('/api/favorite/music'), copies);
  if (data === null) return [];
  if (!Array.isArray(data)) throw new BadResponseError();
  return parseTrackResults(data);
}

/** liking a liked track again is fine (the server keeps one) */
export async function addFavouriteTrack(api: ApiClient, track: TrackIdentity): Promise<void> {
  await api.put('/api/favorite/music', { body: identity(track) });
}

export async function removeFavouriteTrack(api: ApiClient, track: TrackIdentity): Promise<void> {
  await api.delete('/api/favorite/music', { body: identity(track) });
}

/** the liked album ids, newest first; with `copies`, as last read when the server gives no answer */
export async function getFavouriteAlbums(api: ApiClient, copies?: AnswerCopies): Promise<string[]> {
  const data = await answerOrCopy('favorite:album', () => api.get('/api/favorite/album'), copies);
  if (data === null) return [];
  if (!Array.isArray(data)) throw new BadResponseError();
  return readStringArray(data);
}

/** liking an album twice answers 901000 on real servers */
export async function addFavouriteAlbum(api: ApiClient, albumId: string): Promise<void> {
  await api.put('/api/favorite/album', { body: { albumId } });
}

export async function removeFavouriteAlbum(api: ApiClient, albumId: string): Promise<void> {
  await api.delete('/api/favorite/album', { body: { albumId } });
}

/**
 * the liked playlists, newest first; one that is no longer public (and not one's own) comes with an
 * empty name and owner. With `copies`, as last read when the server gives no answer
 */
export async function getFavouritePlaylists(api: ApiClient, copies?: AnswerCopies): Promise<LikedPlaylist[]> {
  const data = await answerOrCopy('favorite:playlist', () => api.get('/api/favorite/playlist'), copies);
  if (data === null) return [];
  if (!Array.isArray(data)) throw new BadResponseError();
  return data.flatMap((value: unknown) => {
    const id = isRecord(value) ? readId(value.playlistId) : null;
    if (!isRecord(value) || id === null) return [];
    return [{ id, name: readString(value.name, ''), owner: readId(value.owner) ?? '' }];
  });
}

export async function addFavouritePlaylist(api: ApiClient, playlistId: string): Promise<void> {
  await api.put('/api/favorite/playlist', { body: { playlistId } });
}

export async function removeFavouritePlaylist(api: ApiClient, playlistId: string): Promise<void> {
  await api.delete('/api/favorite/playlist', { body: { playlistId } });
}
