// Audio kept on this device for listening offline (docs/architecture.md#audio-kept-on-the-device).
// The bodies live in Cache Storage (KEPT_CACHE_NAME) under paths of the app's own, keyed by album,
// disc, track and quality, never by a library URL (it holds a token); a kept album's info and cover
// are kept beside them, as the album cache is cleared by every sync. What is kept, with its size, is
// recorded in IndexedDB (KEPT_DB_NAME) once the body is whole, so listing and sizing never open a
// body; every record read is checked for shape. A download cut off leaves its bytes in IndexedDB
// too, in pieces, with what identifies the body they belong to, so it can ask for the rest.
import { deleteDB, type DBSchema } from 'idb';
import { isRecord } from '@/rules/narrow';
import { KEPT_CACHE_NAME, KEPT_DB_NAME, KEPT_DB_VERSION, QUALITIES, type Quality } from '@/shared/constants';
import type { TrackInfo } from '@/shared/track';
import type { AlbumInfo } from '@/shared/types';
import { readStoredAlbumInfo } from './albumDb';
import { parseStoredTrack } from './local';
import { createDbHandle, StorageError } from './openDb';

export interface KeptTrackKey {
  albumId: string;
  discId: number;
  trackId: number;
  quality: Quality;
}

export interface KeptTrack extends KeptTrackKey {
  /** the body's size in bytes */
  bytes: number;
  /** the body's media type, as the library sent it */
  type: string;
  /** when it was kept (ms since the epoch) */
  keptAt: number;
}

export interface KeptAlbum {
  albumId: string;
  info: AlbumInfo;
  /** whether a cover is kept with it */
  hasCover: boolean;
}

/** a track waiting to be kept, in the quality it is kept in (the download queue, saved for a reload) */
export interface QueuedTrack {
  track: TrackInfo;
  quality: Quality;
}

/** what identifies the body a download was receiving: the rest asked for later must be of this body */
export interface PartialBody {
  /** the whole body's size in bytes */
  total: number;
  /** its media type, as the library sent it */
  type: string;
  /** the library's validators of the body, when it sent them (If-Range) */
  etag: string | null;
  lastModified: string | null;
}

/** a track whose download was cut off: the body it was receiving, and the bytes received */
export interface PartialTrack extends KeptTrackKey, PartialBody {
  /** the bytes received from the body's first on, in order */
  pieces: Blob[];
  /** how many: where the rest starts */
  bytes: number;
}

const TRACK_STORE = 'kept_tracks';
const ALBUM_STORE = 'kept_albums';
const QUEUE_STORE = 'kept_queue';
const QUEUE_KEY = 'queue';
const PARTIAL_STORE = 'partial';
const PIECE_STORE = 'partial_pieces';

interface KeptDbSchema extends DBSchema {
  [TRACK_STORE]: { key: string; value: KeptTrack & { path: string } };
  [ALBUM_STORE]: { key: string; value: KeptAlbum };
  [QUEUE_STORE]: { key: string; value: QueuedTrack[] };
  [PARTIAL_STORE]: { key: string; value: KeptTrackKey & PartialBody & { path: string } };
  [PIECE_STORE]: { key: [string, number]; value: { path: string; offset: number; bytes: Blob } };
}

// Each store is made when missing, so any older version (1: no partial downloads) upgrades keeping
// what it holds.
const keptDb = createDbHandle<KeptDbSchema>(KEPT_DB_NAME, KEPT_DB_VERSION, (db) => {
  if (!db.objectStoreNames.contains(TRACK_STORE)) db.createObjectStore(TRACK_STORE, { keyPath: 'path' });
  if (!db.objectStoreNames.contains(ALBUM_STORE)) db.createObjectStore(ALBUM_STORE, { keyPath: 'albumId' });
  if (!db.objectStoreNames.contains(QUEUE_STORE)) db.createObjectStore(QUEUE_STORE);
  if (!db.objectStoreNames.contains(PARTIAL_STORE)) db.createObjectStore(PARTIAL_STORE, { keyPath: 'path' });
  if (!db.objectStoreNames.contains(PIECE_STORE)) db.createObjectStore(PIECE_STORE, { keyPath: ['path', 'offset'] });
});

/** a track as kept, whatever its quality */
export type KeptTrackIdentity = Pick<KeptTrackKey, 'albumId' | 'discId' | 'trackId'>;

/** where a track's bodies are, one path below it per quality */
const keptTrackFolder = ({ albumId, discId, trackId }: KeptTrackIdentity): string =>
  `/kept-audio/track/${encodeURIComponent(albumId)}/${discId}/${trackId}/`;

/** where a kept track's body is, in the app's own path space */
export const keptTrackPath = (key: KeptTrackKey): string => `${keptTrackFolder(key)}${key.quality}`;

const keptCoverPath = (albumId: string) => `/kept-audio/cover/${encodeURIComponent(albumId)}`;

function openCache(): Promise<Cache> {
  if (typeof caches === 'undefined') return Promise.reject(new StorageError());
  return caches.open(KEPT_CACHE_NAME).catch((cause: unknown) => Promise.reject(new StorageError({ cause })));
}

// The bodies' store as playing reads it, opened once and held: a play then starts its reads at the
// click instead of opening the store first. Writes open it afresh: a handle held across another
// tab's sign-out would write into the store it deleted.
let readCacheOpening: Promise<Cache> | null = null;
// what readCacheOpening opened, while it is still the one held
let readCache: Cache | null = null;

/** opens the bodies' store afresh and holds it for reading */
function openReadCache(): Promise<Cache> {
  const opening: Promise<Cache> = openCache().then(
    (cache) => {
      if (readCacheOpening === opening) readCache = cache;
      return cache;
    },
    (error: unknown) => {
      // a store that would not open is tried again by the next read
      if (readCacheOpening === opening) readCacheOpening = null;
      throw error;
    },
  );
  readCacheOpening = opening;
  readCache = null;
  return opening;
}

function forgetReadCache(): void {
  readCacheOpening = null;
  readCache = null;
}

const isQuality = (value: unknown): value is Quality => (QUALITIES as readonly unknown[]).includes(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** a kept-track record as stored, or undefined (with a warning) when it is damaged */
export function parseKeptTrack(value: unknown): KeptTrack | undefined {
  if (
    isRecord(value) &&
    typeof value.albumId === 'string' &&
    isCount(value.discId) &&
    isCount(value.trackId) &&
    isQuality(value.quality) &&
    isCount(value.bytes) &&
    typeof value.type === 'string' &&
    typeof value.keptAt === 'number'
  ) {
    const { albumId, discId, trackId, quality, bytes, type, keptAt } = value;
    return { albumId, discId, trackId, quality, bytes, type, keptAt };
  }
  console.warn('a damaged kept-track record was skipped', value);
  return undefined;
}

/**
 * Keeps `body` (a library's answer) as the track at `key`: the body streams into the cache, and the
 * track is recorded only once it is whole. A body that fails midway keeps nothing.
 */
export async function keepTrack(key: KeptTrackKey, body: Response, now = Date.now()): Promise<KeptTrack> {
  const cache = await openCache();
  const path = keptTrackPath(key);
  const type = body.headers.get('content-type') ?? 'application/octet-stream';
  // a fresh 200 answer of our own: the library's may be a 206 or carry headers that do not belong here
  await cache.put(path, new Response(body.body, { headers: { 'content-type': type } }));
  const kept = await cache.match(path);
  if (!kept) throw new StorageError();
  const track: KeptTrack = { ...key, bytes: (await kept.blob()).size, type, keptAt: now };
  await (await keptDb.get()).put(TRACK_STORE, { ...track, path });
  return track;
}

/** every kept track; damaged records are skipped */
export async function listKeptTracks(): Promise<KeptTrack[]> {
  const values: unknown[] = await (await keptDb.get()).getAll(TRACK_STORE);
  return values.map(parseKeptTrack).filter((track): track is KeptTrack => track !== undefined);
}

/** a kept track as it plays: its body in the quality found, and its album's kept cover */
export interface KeptPlayback {
  quality: Quality;
  body: Blob;
  cover: Blob | null;
}

/**
 * Opens what playing a kept track reads (the records' database, the bodies' store) and holds it,
 * so the first play after a reload does not open them at its click.
 */
export async function openKeptForPlaying(): Promise<void> {
  await Promise.all([keptDb.get(), readCacheOpening ?? openReadCache()]);
}

/** a body in the store, as a Blob (a handle on it, not a copy), or undefined when it is not there */
const bodyAt = (cache: Cache, path: string): Promise<Blob | undefined> =>
  cache.match(path).then((answer) => answer?.blob());

/**
 * The track as kept on this device in the first quality of `order` it is kept in, with its album's
 * kept cover; null when it is kept in none of them. A click waits on this before it plays, so it
 * starts at the call when the stores are open (openKeptForPlaying) and asks everything at once:
 * the track's records in every quality in one read, beside the body in the first quality and the
 * cover. A record whose body has gone (the browser evicted it) is forgotten, and the next quality
 * is tried.
 */
export async function readKeptTrack(track: KeptTrackIdentity, order: readonly Quality[]): Promise<KeptPlayback | null> {
  const [first] = order;
  if (first === undefined) return null;
  const db = keptDb.ready() ?? (await keptDb.get());
  let cache = readCache ?? (await (readCacheOpening ?? openReadCache()));
  const folder = keptTrackFolder(track);
  const [records, firstBody, cover] = await Promise.all([
    db.getAll(TRACK_STORE, IDBKeyRange.bound(folder, `${folder}\uffff`)),
    bodyAt(cache, `${folder}${first}`),
    bodyAt(cache, keptCoverPath(track.albumId)),
  ]);
  const recorded = new Set(records.flatMap((record) => parseKeptTrack(record)?.quality ?? []));
  for (const quality of order) {
    if (!recorded.has(quality)) continue;
    const path = `${folder}${quality}`;
    let body = quality === first ? firstBody : await bodyAt(cache, path);
    if (!body) {
      // the held store may be one another tab deleted since (its sign-out, then this tab kept
      // again): only a fresh one says the body has gone
      cache = await openReadCache();
      body = await bodyAt(cache, path);
    }
    if (body) return { quality, body, cover: cover ?? null };
    await db.delete(TRACK_STORE, path);
  }
  return null;
}

/** removes a kept track, and the bytes of a download of it cut off */
export async function removeKeptTrack(key: KeptTrackKey): Promise<void> {
  const path = keptTrackPath(key);
  // the record first: a track is never listed without its body
  await (await keptDb.get()).delete(TRACK_STORE, path);
  await (await openCache()).delete(path);
  await removePartialTrack(key);
}

/** every piece of one track's partial download: keys [path, anything] (an array sorts after every offset) */
const piecesOf = (path: string) => IDBKeyRange.bound([path], [path, []]);

/** a partial download's record as stored, or undefined when it is damaged or not the track's */
function parsePartialBody(value: unknown, key: KeptTrackKey): PartialBody | undefined {
  if (
    isRecord(value) &&
    value.albumId === key.albumId &&
    value.discId === key.discId &&
    value.trackId === key.trackId &&
    value.quality === key.quality &&
    isCount(value.total) &&
    value.total > 0 &&
    typeof value.type === 'string' &&
    (value.etag === null || typeof value.etag === 'string') &&
    (value.lastModified === null || typeof value.lastModified === 'string')
  ) {
    return { total: value.total, type: value.type, etag: value.etag, lastModified: value.lastModified };
  }
  return undefined;
}

/**
 * The download of the track cut off, with the bytes it received, or null when there is none (or
 * nothing of it was stored). A damaged record drops the download; a damaged piece drops the bytes
 * from it on, keeping those before it; each with a warning.
 */
export async function readPartialTrack(key: KeptTrackKey): Promise<PartialTrack | null> {
  const path = keptTrackPath(key);
  const db = await keptDb.get();
  const tx = db.transaction([PARTIAL_STORE, PIECE_STORE]);
  const [value, pieceValues, pieceKeys] = await Promise.all([
    tx.objectStore(PARTIAL_STORE).get(path) as Promise<unknown>,
    tx.objectStore(PIECE_STORE).getAll(piecesOf(path)) as Promise<unknown[]>,
    tx.objectStore(PIECE_STORE).getAllKeys(piecesOf(path)),
    tx.done,
  ]);
  if (value === undefined && pieceValues.length === 0) return null;
  const body = parsePartialBody(value, key);
  if (!body) {
    // pieces without a record were left by a removal that did not finish: no warning for those
    if (value !== undefined) console.warn('a damaged partial download was dropped', value);
    await removePartialTrack(key);
    return null;
  }
  const pieces: Blob[] = [];
  let bytes = 0;
  for (const [index, piece] of pieceValues.entries()) {
    const blob = isRecord(piece) && piece.offset === bytes && piece.bytes instanceof Blob ? piece.bytes : null;
    if (!blob || blob.size === 0 || bytes + blob.size > body.total) {
      console.warn('a damaged piece of a partial download was dropped, with the bytes after it', piece);
      const write = db.transaction(PIECE_STORE, 'readwrite');
      await Promise.all([...pieceKeys.slice(index).map((pieceKey) => write.store.delete(pieceKey)), write.done]);
      break;
    }
    pieces.push(blob);
    bytes += blob.size;
  }
  return bytes > 0 ? { ...key, ...body, pieces, bytes } : null;
}

/** a download of the track starts from its first byte, of this body: whatever was kept of another goes */
export async function startPartialTrack(key: KeptTrackKey, body: PartialBody): Promise<void> {
  const path = keptTrackPath(key);
  const tx = (await keptDb.get()).transaction([PARTIAL_STORE, PIECE_STORE], 'readwrite');
  await Promise.all([
    tx.objectStore(PIECE_STORE).delete(piecesOf(path)),
    tx
      .objectStore(PARTIAL_STORE)
      .put({ path, albumId: key.albumId, discId: key.discId, trackId: key.trackId, quality: key.quality, ...body }),
    tx.done,
  ]);
}

/**
 * Stores bytes of the track's download, starting at `offset` of its body. Nothing is stored when
 * the download is no longer recorded (removed meanwhile: cancelled, signed out).
 */
export async function addPartialPiece(key: KeptTrackKey, offset: number, bytes: Blob): Promise<void> {
  const path = keptTrackPath(key);
  const tx = (await keptDb.get()).transaction([PARTIAL_STORE, PIECE_STORE], 'readwrite');
  if ((await tx.objectStore(PARTIAL_STORE).getKey(path)) !== undefined)
    void tx.objectStore(PIECE_STORE).put({ path, offset, bytes });
  await tx.done;
}

/** the track's partial download goes (kept whole, cancelled, or another body came) */
export async function removePartialTrack(key: KeptTrackKey): Promise<void> {
  const path = keptTrackPath(key);
  const tx = (await keptDb.get()).transaction([PARTIAL_STORE, PIECE_STORE], 'readwrite');
  await Promise.all([
    tx.objectStore(PARTIAL_STORE).delete(path),
    tx.objectStore(PIECE_STORE).delete(piecesOf(path)),
    tx.done,
  ]);
}

/**
 * Partial downloads of tracks other than these go: left by a track that failed for good or by a
 * cut while a download was being removed, nothing would ever resume them.
 */
export async function dropPartialTracksBut(keys: readonly KeptTrackKey[]): Promise<void> {
  const wanted = new Set(keys.map(keptTrackPath));
  const tx = (await keptDb.get()).transaction([PARTIAL_STORE, PIECE_STORE], 'readwrite');
  const [paths, pieceKeys] = await Promise.all([
    tx.objectStore(PARTIAL_STORE).getAllKeys(),
    tx.objectStore(PIECE_STORE).getAllKeys(),
  ]);
  const drops: Promise<unknown>[] = [];
  for (const path of paths) if (!wanted.has(path)) drops.push(tx.objectStore(PARTIAL_STORE).delete(path));
  for (const pieceKey of pieceKeys)
    if (!wanted.has(pieceKey[0])) drops.push(tx.objectStore(PIECE_STORE).delete(pieceKey));
  await Promise.all([...drops, tx.done]);
}

/** keeps what the pages need to show a kept album offline: its info, and its cover when given */
export async function keepAlbum(info: AlbumInfo, cover: Blob | null): Promise<void> {
  if (cover)
    await (await openCache()).put(
      keptCoverPath(info.albumId),
      new Response(cover, { headers: { 'content-type': cover.type } }),
    );
  await (await keptDb.get()).put(ALBUM_STORE, { albumId: info.albumId, info, hasCover: cover !== null });
}

export async function getKeptAlbum(albumId: string): Promise<KeptAlbum | undefined> {
  const value: unknown = await (await keptDb.get()).get(ALBUM_STORE, albumId);
  if (value === undefined) return undefined;
  const info = isRecord(value) ? readStoredAlbumInfo(value.info, albumId) : null;
  if (isRecord(value) && info && typeof value.hasCover === 'boolean')
    return { albumId, info, hasCover: value.hasCover };
  console.warn('a damaged kept-album record was skipped', albumId);
  return undefined;
}

/** removes an album's info and cover (its tracks are removed one by one) */
export async function removeKeptAlbum(albumId: string): Promise<void> {
  await (await keptDb.get()).delete(ALBUM_STORE, albumId);
  await (await openCache()).delete(keptCoverPath(albumId));
}

/** the download queue as it stands (saved at each change: a reload resumes it) */
export async function saveKeepQueue(queue: readonly QueuedTrack[]): Promise<void> {
  await (await keptDb.get()).put(QUEUE_STORE, [...queue], QUEUE_KEY);
}

/** the saved download queue; damaged items are left out */
export async function readKeepQueue(): Promise<QueuedTrack[]> {
  const value: unknown = await (await keptDb.get()).get(QUEUE_STORE, QUEUE_KEY);
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    console.warn('a damaged download queue was skipped', value);
    return [];
  }
  return value.flatMap((item: unknown) => {
    const track = isRecord(item) ? parseStoredTrack(item.track) : null;
    return track && isRecord(item) && isQuality(item.quality) ? [{ track, quality: item.quality }] : [];
  });
}

/**
 * Everything kept on this device goes (signing out): the bodies first, then the records and the
 * bytes of downloads cut off; records
 * that cannot be cleared (a damaged database) go with their database.
 */
export async function clearKeptAudio(): Promise<void> {
  forgetReadCache();
  if (typeof caches !== 'undefined') await caches.delete(KEPT_CACHE_NAME);
  try {
    const db = await keptDb.get();
    const stores = [TRACK_STORE, ALBUM_STORE, QUEUE_STORE, PARTIAL_STORE, PIECE_STORE] as const;
    const tx = db.transaction(stores, 'readwrite');
    await Promise.all([...stores.map((store) => tx.objectStore(store).clear()), tx.done]);
  } catch (error) {
    console.warn('the records of kept audio could not be cleared; their database is deleted', error);
    await keptDb.close();
    await deleteDB(KEPT_DB_NAME);
  }
}

/** lets go of the held database and bodies' store (tests start each from a fresh one) */
export function closeKeptStores(): Promise<void> {
  forgetReadCache();
  return keptDb.close();
}
