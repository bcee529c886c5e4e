// GET /api/lyric (docs/protocol.md#lyrics): a track's lyrics, or null when it has none (902000).
import type { TrackIdentity } from '@/shared/track';
import { buildLyrics, type Lyrics, type LyricText } from '@/rules/lyrics';
import type { ApiClient } from './client';
import { BadResponseError, isApiError } from './errors';
import { isRecord } from '@/rules/narrow';

const STATUS_NOT_FOUND = 902000;

function lyricText(value: unknown): (LyricText & { language: string }) | null {
  if (!isRecord(value) || typeof value.data !== 'string' || (value.type !== 'lrc' && value.type !== 'text'))
    return null;
  return { type: value.type, data: value.data, language: typeof value.language === 'string' ? value.language : '' };
}

export async function getLyrics(api: ApiClient, track: TrackIdentity): Promise<Lyrics | null> {
  let data: unknown;
  try {
    data = await api.get('/api/lyric', {
      query: { album_id: track.albumId, disc_id: track.discId, track_id: track.trackId },
      convertRequest: false,
      convertResponse: false,
    });
  } catch (error) {
    if (isApiError(error, STATUS_NOT_FOUND)) return null;
    throw error;
  }
  if (!isRecord(data)) throw new BadResponseError();
  const source = lyricText(data.source);
  if (!source) throw new BadResponseError();
  const translations = Array.isArray(data.translations)
    ? data.translations.map(lyricText).filter((t) => t !== null)
    : [];
  // the first translation of the same kind (a synced one beside synced lines)
  const translation = translations.find((t) => t.type === source.type && t.language !== source.language);
  const lyrics = buildLyrics(source, translation);
  return lyrics.lines.length > 0 ? lyrics : null;
}
