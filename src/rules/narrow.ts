// Small readers used to narrow server answers (unknown) into domain types, once, in the service.
import { ALBUM_ID_PATTERN, type TrackIdentity } from '@/shared/track';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function readString(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** a finite number, or a numeric string (some servers send numbers as strings) */
export function readNumber(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return fallback;
}

export function readBoolean(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** ids travel as strings, but accept a number too (docs/protocol.md#envelope) */
export function readId(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function readStringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** a role → artist-text map; non-string values are dropped */
export function readStringMap(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** a whole number above 0: an id, a count, Unix seconds */
export const isPositiveWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** a track's identity as read (an album UUID, 1-based disc and track), or null when it is not one */
export function readTrackIdentity(value: unknown): TrackIdentity | null {
  if (!isRecord(value)) return null;
  const { albumId, discId, trackId } = value;
  return typeof albumId === 'string' &&
    ALBUM_ID_PATTERN.test(albumId) &&
    isPositiveWhole(discId) &&
    isPositiveWhole(trackId)
    ? { albumId, discId, trackId }
    : null;
}
