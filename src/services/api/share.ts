// Shares (docs/protocol.md#shares): create one, read one (no sign-in needed), list and delete
// the user's. A share's tokens are read fresh every time: they expire after 24 h.
import type { NewShare, ShareEntry, SharedList, ShareSong, ShareToken } from '@/shared/types';
import { parseAlbumInfo } from '@/rules/albumParse';
import type { ApiClient } from './client';
import { BadResponseError } from './errors';
import { isRecord, readId, readNumber, readString } from '@/rules/narrow';

function parseSong(value: unknown): ShareSong | null {
  if (!isRecord(value)) return null;
  const albumId = readId(value.albumId);
  const discId = readNumber(value.discId, 0);
  const tracks = Array.isArray(value.tracks)
    ? value.tracks.filter((t): t is number => Number.isInteger(t) && t >= 1)
    : [];
  if (albumId === null || !Number.isInteger(discId) || discId < 1 || tracks.length === 0) return null;
  return { albumId, discId, tracks };
}

function parseToken(value: unknown): ShareToken | null {
  if (!isRecord(value) || typeof value.server !== 'string' || typeof value.token !== 'string') return null;
  return { server: value.server, token: value.token };
}

export function parseSharedList(id: string, value: unknown): SharedList {
  if (!isRecord(value)) throw new BadResponseError();
  const cover =
    isRecord(value.cover) && readString(value.cover.albumId, '') !== ''
      ? { albumId: readString(value.cover.albumId, ''), discId: readNumber(value.cover.discId, 1) }
      : null;
  const albums: SharedList['albums'] = {};
  if (isRecord(value.metadata)) {
    for (const [albumId, raw] of Object.entries(value.metadata)) {
      const album = parseAlbumInfo(raw, albumId);
      if (album)
        Object.defineProperty(albums, albumId, { value: album, enumerable: true, writable: true, configurable: true });
    }
  }
  return {
    id,
    name: readString(value.name, ''),
    description: readString(value.description, ''),
    cover,
    songs: Array.isArray(value.songs) ? value.songs.map(parseSong).filter((s): s is ShareSong => s !== null) : [],
    tokens: Array.isArray(value.tokens) ? value.tokens.map(parseToken).filter((t): t is ShareToken => t !== null) : [],
    albums,
  };
}

/** the new share's id */
export async function createShare(api: ApiClient, share: NewShare): Promise<string> {
  const { albums, ...info } = share;
  // `albums` is keyed by album ids: sent as it is (its keys are data)
  const body = {
    info: { name: info.name, description: info.description, cover: info.cover, songs: info.songs },
    albums,
  };
  const data = await api.post('/api/share', { body });
  const id = readId(data);
  if (id === null) throw new BadResponseError();
  return id;
}

export async function getShare(api: ApiClient, id: string): Promise<SharedList> {
  return parseSharedList(id, await api.get('/api/share', { query: { id } }));
}

/** the user's shares, newest first */
export async function listShares(api: ApiClient): Promise<ShareEntry[]> {
  const data = await api.get('/api/share/');
  if (data === null) return [];
  if (!Array.isArray(data)) throw new BadResponseError();
  return data
    .map((entry): ShareEntry | null => {
      if (!isRecord(entry)) return null;
      const id = readId(entry.id);
      if (id === null) return null;
      const share: ShareEntry = { id, date: readNumber(entry.date, 0) };
      if (typeof entry.name === 'string') share.name = entry.name;
      return share;
    })
    .filter((s): s is ShareEntry => s !== null);
}

export async function deleteShare(api: ApiClient, id: string): Promise<void> {
  await api.delete('/api/share', { body: { id } });
}
