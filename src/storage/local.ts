// Typed localStorage keys (docs/behaviour.md#local-storage). Reads never throw: corrupt JSON, a wrong shape or an
// unavailable/throwing localStorage gives the key's default, and writes fail quietly.
import {
  COLOR_SCHEMES,
  DEFAULT_COLOR_SCHEME,
  DEFAULT_PAGE_CLOSE_ACTION,
  DEFAULT_QUALITY,
  DEFAULT_VOLUME,
  PAGE_CLOSE_ACTIONS,
  QUALITIES,
  type ColorSchemeSetting,
  type PageCloseAction,
  type Quality,
} from '@/shared/firstPageConstants';
import { parseUserInfo } from '@/rules/userInfo';
import { isRecord, readStringMap } from '@/rules/narrow';
import type { UserInfo } from '@/shared/types';
import { SHARE_ID_PATTERN } from '@/shared/track';
import { ADDRESS_MODES, SITE_NAME_MAX, type AddressMode } from '@/shared/firstPageConstants';

/** one queued track as saved in `playlist` (enough to rebuild the track and its URLs) */
export interface StoredTrack {
  albumId: string;
  discId: number;
  trackId: number;
  title: string;
  artist: string;
  albumTitle: string;
  type: string;
  artists?: Record<string, string>;
  /** queued from this share: played through its tokens (fetched again, never stored) */
  shareId?: string;
}

/** the saved play queue */
interface StoredQueue {
  tracks: StoredTrack[];
  index: number;
}

export interface LocalValues {
  userInfo: UserInfo | null;
  playlist: StoredQueue;
  'player.quality': Quality;
  'player.pageOnCloseAction': PageCloseAction;
  /** percent, integer 0–100 */
  'player.volume': number;
  'player.muted': boolean;
  /** ours (docs/behaviour.md#local-storage): the colour scheme chosen in the settings */
  'ui.colorScheme': ColorSchemeSetting;
  /** ours (docs/behaviour.md#local-storage): the address form this site's server was last seen to take (services/addresses.ts) */
  'ui.addresses': AddressMode | null;
  /** ours (docs/behaviour.md#local-storage): the site's name last read, for the page title while the server cannot be reached */
  'ui.siteName': string | null;
  /** ours (docs/behaviour.md#local-storage): where the saved queue's current track stopped, for 继续播放 */
  'player.position': { key: string; seconds: number } | null;
}

export type LocalKey = keyof LocalValues;

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

export function parseStoredTrack(value: unknown): StoredTrack | null {
  if (!isRecord(value)) return null;
  const { albumId, discId, trackId, title } = value;
  if (typeof albumId !== 'string' || albumId === '') return null;
  if (!isPositiveInteger(discId) || !isPositiveInteger(trackId)) return null;
  if (typeof title !== 'string') return null;
  const track: StoredTrack = {
    albumId,
    discId,
    trackId,
    title,
    artist: typeof value.artist === 'string' ? value.artist : '',
    albumTitle: typeof value.albumTitle === 'string' ? value.albumTitle : '',
    type: typeof value.type === 'string' && value.type !== '' ? value.type : 'normal',
  };
  const artists = readStringMap(value.artists);
  if (artists) track.artists = artists;
  // a damaged share id is dropped: the track then plays from the listener's own libraries, if any
  if (typeof value.shareId === 'string' && SHARE_ID_PATTERN.test(value.shareId)) track.shareId = value.shareId;
  return track;
}

function parseStoredQueue(value: unknown): StoredQueue | undefined {
  // a bare array (tracks only) is accepted too
  const rawTracks: unknown = Array.isArray(value) ? value : isRecord(value) ? value.tracks : undefined;
  if (!Array.isArray(rawTracks)) return undefined;
  const tracks = rawTracks.map(parseStoredTrack).filter((t): t is StoredTrack => t !== null);
  const rawIndex = isRecord(value) && typeof value.index === 'number' ? value.index : 0;
  const index = Number.isFinite(rawIndex) ? Math.trunc(rawIndex) : 0;
  return { tracks, index: Math.min(Math.max(index, 0), Math.max(tracks.length - 1, 0)) };
}

function oneOf<T extends string>(choices: readonly T[]) {
  return (value: unknown): T | undefined =>
    typeof value === 'string' && (choices as readonly string[]).includes(value) ? (value as T) : undefined;
}

type Parser<T> = (value: unknown) => T | undefined;

const parsers: { [K in LocalKey]: Parser<LocalValues[K]> } = {
  userInfo: (value) => (value === null ? null : (parseUserInfo(value) ?? undefined)),
  playlist: parseStoredQueue,
  'player.quality': oneOf(QUALITIES),
  'player.pageOnCloseAction': oneOf(PAGE_CLOSE_ACTIONS),
  'player.volume': (value) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100 ? Math.round(n) : undefined;
  },
  'player.muted': (value) =>
    typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined,
  'ui.colorScheme': oneOf(COLOR_SCHEMES),
  'ui.addresses': (value) => (value === null ? null : oneOf(ADDRESS_MODES)(value)),
  'ui.siteName': (value) =>
    value === null ? null : typeof value === 'string' && value.length <= SITE_NAME_MAX ? value : undefined,
  'player.position': (value) =>
    isRecord(value) && typeof value.key === 'string' && typeof value.seconds === 'number' && value.seconds >= 0
      ? { key: value.key, seconds: value.seconds }
      : undefined,
};

const defaults: { [K in LocalKey]: () => LocalValues[K] } = {
  userInfo: () => null,
  playlist: () => ({ tracks: [], index: 0 }),
  'player.quality': () => DEFAULT_QUALITY,
  'player.pageOnCloseAction': () => DEFAULT_PAGE_CLOSE_ACTION,
  'player.volume': () => DEFAULT_VOLUME,
  'player.muted': () => false,
  'ui.colorScheme': () => DEFAULT_COLOR_SCHEME,
  'ui.addresses': () => null,
  'ui.siteName': () => null,
  'player.position': () => null,
};

export const LOCAL_KEYS = Object.keys(defaults) as LocalKey[];

function localDefault<K extends LocalKey>(key: K): LocalValues[K] {
  return defaults[key]();
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // some browsers throw on access when storage is disabled
    return null;
  }
}

/** the stored value of a key, or its default when absent or unreadable */
export function readLocal<K extends LocalKey>(key: K): LocalValues[K] {
  return readLocalAs(key, parsers[key], () => localDefault(key));
}

/**
 * A key whose checks load after the first page (`storage/soundSettings.ts`): read with `parse`
 * (undefined: unreadable), else `fallback`.
 */
export function readLocalAs<T>(key: string, parse: (value: unknown) => T | undefined, fallback: () => T): T {
  let raw: string | null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    return fallback();
  }
  if (raw === null) return fallback();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // other clients may store plain strings (`lossless` rather than `"lossless"`)
    value = raw;
  }
  const parsed = parse(value);
  return parsed === undefined ? fallback() : parsed;
}

/** stores a value as JSON; returns false when storage is unavailable or full */
export function writeLocal<K extends LocalKey>(key: K, value: LocalValues[K]): boolean {
  return writeLocalAs(key, value);
}

/** a key of `readLocalAs`, stored as JSON */
export function writeLocalAs(key: string, value: unknown): boolean {
  try {
    const target = storage();
    if (!target) return false;
    target.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeLocal(key: LocalKey): void {
  removeLocalAs(key);
}

/** a key of `readLocalAs`, removed */
export function removeLocalAs(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to do: the value stays unreadable to us either way
  }
}
