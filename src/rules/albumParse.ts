// Narrowing of album metadata and track results (docs/protocol.md#shapes), once, where answers arrive.
// Input is the camelCase form (after toCamelCase, which keeps `artists` role keys as they are).
import { isRecord, readId, readNumber, readString, readStringArray, readStringMap } from './narrow';
import type { AlbumDiscInfo, AlbumInfo, AlbumTrackInfo, TrackResult } from '@/shared/types';

export const DEFAULT_TRACK_TYPE = 'normal';

/** a non-empty string, or undefined (optional fields are left out rather than set to '') */
function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** a date is a `YYYY-MM-DD` string; a partial TOML date may arrive as a bare year number */
function readDate(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return readString(value, '');
}

/** writes only the optional fields that are present, so stored records carry no `undefined`s */
function withOptional<T extends object>(base: T, optional: Record<string, unknown>): T {
  const out = { ...base } as Record<string, unknown>;
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) out[key] = value;
  return out as T;
}

function optionalTags(value: unknown): string[] | undefined {
  return Array.isArray(value) ? readStringArray(value) : undefined;
}

function parseTrack(value: unknown): AlbumTrackInfo {
  const track = isRecord(value) ? value : {};
  return withOptional<AlbumTrackInfo>(
    { title: readString(track.title, '') },
    {
      artist: optionalString(track.artist),
      type: optionalString(track.type),
      artists: readStringMap(track.artists),
      tags: optionalTags(track.tags),
    },
  );
}

function parseDisc(value: unknown): AlbumDiscInfo | null {
  if (!isRecord(value)) return null;
  return withOptional<AlbumDiscInfo>(
    {
      catalog: readString(value.catalog, ''),
      tracks: Array.isArray(value.tracks) ? value.tracks.map(parseTrack) : [],
    },
    {
      title: optionalString(value.title),
      artist: optionalString(value.artist),
      type: optionalString(value.type),
      artists: readStringMap(value.artists),
      tags: optionalTags(value.tags),
    },
  );
}

/**
 * One album (AlbumDetails). `fallbackId` is used when the object itself carries no id (the outer
 * map of /api/meta/album is keyed by it). Null when it is not an object or has no id.
 */
export function parseAlbumInfo(value: unknown, fallbackId?: string): AlbumInfo | null {
  if (!isRecord(value)) return null;
  const albumId = readId(value.albumId) ?? (fallbackId || null);
  if (albumId === null) return null;
  return withOptional<AlbumInfo>(
    {
      albumId,
      title: readString(value.title, ''),
      catalog: readString(value.catalog, ''),
      artist: readString(value.artist, ''),
      date: readDate(value.date),
      type: readString(value.type, DEFAULT_TRACK_TYPE) || DEFAULT_TRACK_TYPE,
      tags: readStringArray(value.tags),
      discs: Array.isArray(value.discs) ? value.discs.map(parseDisc).filter((d): d is AlbumDiscInfo => d !== null) : [],
    },
    { edition: optionalString(value.edition), artists: readStringMap(value.artists) },
  );
}

export function parseAlbumList(value: unknown): AlbumInfo[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => parseAlbumInfo(item)).filter((a): a is AlbumInfo => a !== null);
}

/** TrackInfoWithAlbum; null without an album id or with disc/track ids that are not 1-based */
export function parseTrackResult(value: unknown): TrackResult | null {
  if (!isRecord(value)) return null;
  const albumId = readId(value.albumId);
  const discId = readNumber(value.discId, 0);
  const trackId = readNumber(value.trackId, 0);
  if (albumId === null || !Number.isInteger(discId) || !Number.isInteger(trackId) || discId < 1 || trackId < 1) {
    return null;
  }
  return {
    albumId,
    discId,
    trackId,
    title: readString(value.title, ''),
    artist: readString(value.artist, ''),
    type: readString(value.type, DEFAULT_TRACK_TYPE) || DEFAULT_TRACK_TYPE,
    albumTitle: readString(value.albumTitle, ''),
  };
}

export function parseTrackResults(value: unknown): TrackResult[] {
  if (!Array.isArray(value)) return [];
  return value.map(parseTrackResult).filter((t): t is TrackResult => t !== null);
}
