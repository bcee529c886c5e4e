// Favourites (docs/protocol.md#favourites): liked tracks and liked albums, newest first.
import type { TrackIdentity } from '@/shared/track';
import type { TrackResult } from '@/shared/types';
import { parseTrackResults } from '@/rules/albumParse';
import { answerOrCopy, type AnswerCopies } from './answerCopies';
import type { ApiClient } from './client';
import { BadResponseError } from './errors';
import { readStringArray } from '@/rules/narrow';

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
