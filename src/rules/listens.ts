// ListenBrainz's rules as this client keeps them (docs/behaviour.md#listenbrainz): when a play counts
// as a listen, what a listen says, which listens ListenBrainz would refuse (never sent), how long its
// headers ask us to wait, and what a token or a service address may be.
import {
  LISTEN_DUE_MOST_MS,
  LISTEN_EARLIEST_S,
  LISTEN_MAX_BYTES,
  LISTENBRAINZ_GAP_MS,
  LISTENBRAINZ_RATE_WAIT_MS,
  LISTENBRAINZ_TOKEN_MAX,
  LISTENBRAINZ_URL_MAX,
} from '@/shared/constants';
import type { TrackInfo } from '@/shared/track';
import { isPositiveWhole, isRecord } from './narrow';

/** what ListenBrainz is told of a track (`track_metadata`) */
export interface ListenMetadata {
  artist_name: string;
  track_name: string;
  release_name?: string;
  additional_info: {
    duration_ms?: number;
    tracknumber?: number;
    discnumber?: number;
    media_player: string;
    submission_client: string;
  };
}

/** one listen: a whole play (`single`, `import`) has the time it began; `playing_now` has none */
export interface Listen {
  listened_at?: number;
  track_metadata: ListenMetadata;
}

const CLIENT = 'Anniv web player';

/** ms of playing after which a play is a listen: half the track or 4 minutes, whichever is first */
export function listenDueMs(durationSeconds: number | null): number {
  if (durationSeconds === null || !(Number.isFinite(durationSeconds) && durationSeconds > 0)) return LISTEN_DUE_MOST_MS;
  return Math.min(LISTEN_DUE_MOST_MS, Math.round(durationSeconds * 500));
}

/** what ListenBrainz is told of a track (a track without artist or title is not sendable: isSendableListen) */
export function listenMetadataOf(track: TrackInfo, durationSeconds: number | null): ListenMetadata {
  const info: ListenMetadata['additional_info'] = { media_player: CLIENT, submission_client: CLIENT };
  if (durationSeconds !== null && Number.isFinite(durationSeconds) && durationSeconds > 0)
    info.duration_ms = Math.round(durationSeconds * 1000);
  info.tracknumber = track.trackId;
  info.discnumber = track.discId;
  const metadata: ListenMetadata = {
    artist_name: track.artist.trim(),
    track_name: track.title.trim(),
    additional_info: info,
  };
  if (track.albumTitle.trim() !== '') metadata.release_name = track.albumTitle.trim();
  return metadata;
}

/** whether ListenBrainz would take this listen (it refuses the whole request otherwise) */
export function isSendableListen(listen: Listen): boolean {
  const { artist_name, track_name } = listen.track_metadata;
  if (artist_name === '' || track_name === '') return false;
  if (
    listen.listened_at !== undefined &&
    !(isPositiveWhole(listen.listened_at) && listen.listened_at >= LISTEN_EARLIEST_S)
  )
    return false;
  return new TextEncoder().encode(JSON.stringify(listen)).length <= LISTEN_MAX_BYTES;
}

/** a listen as stored, or null when it is not shaped as one (a damaged record) */
export function readListen(value: unknown): Listen | null {
  if (!isRecord(value) || !isRecord(value.track_metadata)) return null;
  const { listened_at: at, track_metadata: meta } = value;
  if (at !== undefined && !isPositiveWhole(at)) return null;
  if (typeof meta.artist_name !== 'string' || typeof meta.track_name !== 'string') return null;
  if (meta.release_name !== undefined && typeof meta.release_name !== 'string') return null;
  const info = isRecord(meta.additional_info) ? meta.additional_info : {};
  const additional: ListenMetadata['additional_info'] = { media_player: CLIENT, submission_client: CLIENT };
  for (const key of ['duration_ms', 'tracknumber', 'discnumber'] as const)
    if (isPositiveWhole(info[key])) additional[key] = info[key];
  const listen: Listen = {
    track_metadata: { artist_name: meta.artist_name, track_name: meta.track_name, additional_info: additional },
  };
  if (typeof meta.release_name === 'string') listen.track_metadata.release_name = meta.release_name;
  if (at !== undefined) listen.listened_at = at;
  return isSendableListen(listen) ? listen : null;
}

/**
 * How long to wait before the next request (ms), from ListenBrainz's `X-RateLimit-*` headers: none
 * left in this window → until it resets; else at least the gap of one second. Headers a browser
 * cannot read (not exposed to the page) read as absent.
 */
export function rateWaitMs(headers: { remaining: string | null; resetIn: string | null }): number {
  const remaining = Number(headers.remaining ?? Number.NaN);
  const resetIn = Number(headers.resetIn ?? Number.NaN);
  if (Number.isFinite(remaining) && remaining <= 0 && Number.isFinite(resetIn) && resetIn > 0)
    return Math.max(LISTENBRAINZ_GAP_MS, Math.min(resetIn, 3_600) * 1000);
  return LISTENBRAINZ_GAP_MS;
}

/** after a 429: the `X-RateLimit-Reset-In` it names (s), else 10 s */
export function tooManyWaitMs(resetIn: string | null): number {
  const seconds = Number(resetIn ?? Number.NaN);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 3_600) * 1000 : LISTENBRAINZ_RATE_WAIT_MS;
}

/** a token as pasted: trimmed; null when it cannot be one (empty, too long, spaces or control characters inside) */
export function readToken(input: string): string | null {
  const token = input.trim();
  if (token === '' || token.length > LISTENBRAINZ_TOKEN_MAX || !/^[\x21-\x7e]+$/.test(token)) return null;
  return token;
}

/** a service address as typed: http(s), no trailing slash, no query; null when it is none */
export function readServiceUrl(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > LISTENBRAINZ_URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') return null;
  if (url.username !== '' || url.password !== '') return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
