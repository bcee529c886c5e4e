// GET /api/lyric (docs/protocol.md#lyrics): a track's lyrics, or null when it has none (902000), with who
// gave each language; PATCH /api/lyric: the listener's lyrics in a language (the server's rule: the
// first are the source, the source's language replaces it, another language is a translation).
import type { TrackIdentity } from '@/shared/track';
import { lyricsOf, type LyricContributor, type Lyrics, type LyricType, type LyricVersion } from '@/rules/lyrics';
import type { ApiClient } from './client';
import { BadResponseError, isApiError } from './errors';
import { isRecord } from '@/rules/narrow';

const STATUS_NOT_FOUND = 902000;

/** the contributor when the answer names one (a nickname at least); anything odd is no contributor */
function contributorOf(value: unknown): LyricContributor | null {
  if (!isRecord(value) || typeof value.nickname !== 'string' || value.nickname.trim() === '') return null;
  return {
    userId: typeof value.user_id === 'string' ? value.user_id : '',
    nickname: value.nickname.trim(),
    avatar: typeof value.avatar === 'string' ? value.avatar : '',
  };
}

function lyricVersion(value: unknown): LyricVersion | null {
  if (!isRecord(value) || typeof value.data !== 'string' || (value.type !== 'lrc' && value.type !== 'text'))
    return null;
  return {
    type: value.type,
    data: value.data,
    language: typeof value.language === 'string' ? value.language : '',
    contributor: contributorOf(value.contributor),
  };
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
  const source = lyricVersion(data.source);
  if (!source) throw new BadResponseError();
  const translations = Array.isArray(data.translations)
    ? data.translations.map(lyricVersion).filter((t) => t !== null)
    : [];
  const lyrics = lyricsOf(source, translations);
  return lyrics.lines.length > 0 ? lyrics : null;
}

/** the lyrics a listener sends: a language of the track's lyrics, in full */
export interface LyricPatch {
  track: TrackIdentity;
  type: LyricType;
  language: string;
  data: string;
}

/** PATCH /api/lyric: the signed-in listener becomes the contributor of that language; the answer is null */
export async function patchLyrics(api: ApiClient, patch: LyricPatch): Promise<void> {
  await api.patch('/api/lyric', {
    body: {
      album_id: patch.track.albumId,
      disc_id: patch.track.discId,
      track_id: patch.track.trackId,
      type: patch.type,
      lang: patch.language,
      data: patch.data,
    },
    convertRequest: false,
  });
}
