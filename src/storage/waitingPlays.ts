// Plays whose report waits to be sent (docs/behaviour.md#play-reports): kept with their real time
// in IndexedDB, so a play made offline, or while the server was down, survives a reload and is sent
// once the server answers. A record is checked for shape when read (a damaged one is deleted).
// When IndexedDB cannot be used (private windows of some browsers), the plays wait in memory for
// the life of the page instead. The same database keeps each track's length as the player last
// learned it, for 我的统计's listening time.
import { deleteDB, type DBSchema } from 'idb';
import { isPositiveWhole, isRecord, readTrackIdentity } from '@/rules/narrow';
import { PLAYS_DB_NAME, PLAYS_DB_VERSION } from '@/shared/constants';
import type { TrackIdentity } from '@/shared/track';
import { createDbHandle } from './openDb';

const STORE = 'waiting';
const BY_USER = 'byUser';
const DURATIONS = 'durations';

/** one play of one track by one account */
export interface WaitingPlay {
  id: number;
  /** the account that played it (its plays are sent only while it is signed in) */
  user: string;
  track: TrackIdentity;
  /** Unix seconds: when the play began */
  at: number;
}

interface PlaysSchema extends DBSchema {
  [STORE]: { key: number; value: WaitingPlay; indexes: { [BY_USER]: string } };
  /** trackKey → seconds */
  [DURATIONS]: { key: string; value: number };
}

const playsDb = createDbHandle<PlaysSchema>(PLAYS_DB_NAME, PLAYS_DB_VERSION, (db) => {
  db.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true }).createIndex(BY_USER, 'user');
  db.createObjectStore(DURATIONS);
});

/** remembers a track's length (seconds); a store that fails only costs the statistics an estimate */
export async function keepTrackDuration(track: string, seconds: number): Promise<void> {
  if (!(Number.isFinite(seconds) && seconds > 0)) return;
  await (await playsDb.get()).put(DURATIONS, seconds, track).catch(() => undefined);
}

/** the lengths known of these tracks (trackKey → seconds); unknown or damaged ones are left out */
export async function readTrackDurations(tracks: readonly string[]): Promise<Map<string, number>> {
  const known = new Map<string, number>();
  let db: Awaited<ReturnType<typeof playsDb.get>>;
  try {
    db = await playsDb.get();
  } catch {
    return known;
  }
  const tx = db.transaction(DURATIONS);
  const values: unknown[] = await Promise.all(tracks.map((track) => tx.store.get(track)));
  values.forEach((value, i) => {
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) known.set(tracks[i]!, value);
  });
  return known;
}

/** plays kept in memory when IndexedDB fails (negative ids, so they never meet a stored one) */
const inMemory: WaitingPlay[] = [];
let nextMemoryId = -1;

/** a record as stored, or null when it is not shaped as one */
function checked(record: unknown): WaitingPlay | null {
  if (!isRecord(record)) return null;
  const { id, user, at } = record;
  const track = readTrackIdentity(record.track);
  if (!isPositiveWhole(id) || typeof user !== 'string' || user === '' || !isPositiveWhole(at) || !track) return null;
  return { id, user, at, track };
}

/** keeps a play until its report is confirmed */
export async function keepWaitingPlay(play: Omit<WaitingPlay, 'id'>): Promise<void> {
  try {
    const db = await playsDb.get();
    // the id is the store's own (autoIncrement); the value goes in without one
    await db.add(STORE, play as WaitingPlay);
  } catch (error) {
    console.warn('a play could not be kept on this device; it waits in memory', error);
    inMemory.push({ ...play, id: nextMemoryId-- });
  }
}

/** the oldest `limit` plays of `user` waiting to be sent, oldest first; damaged records are deleted */
export async function readWaitingPlays(user: string, limit: number): Promise<WaitingPlay[]> {
  const plays = inMemory.filter((play) => play.user === user).slice(0, limit);
  let db: Awaited<ReturnType<typeof playsDb.get>>;
  try {
    db = await playsDb.get();
  } catch {
    return plays;
  }
  const damaged: number[] = [];
  let cursor = await db.transaction(STORE).store.index(BY_USER).openCursor(user);
  while (cursor && plays.length < limit) {
    const play = checked(cursor.value);
    if (play) plays.push(play);
    else damaged.push(cursor.primaryKey);
    cursor = await cursor.continue();
  }
  if (damaged.length > 0) {
    console.warn(`${damaged.length} damaged waiting play record(s) deleted`);
    await removeWaitingPlays(damaged);
  }
  return plays;
}

/** how many plays of `user` wait */
export async function countWaitingPlays(user: string): Promise<number> {
  const remembered = inMemory.filter((play) => play.user === user).length;
  try {
    return remembered + (await (await playsDb.get()).countFromIndex(STORE, BY_USER, user));
  } catch {
    return remembered;
  }
}

/** forgets plays that were sent (or that will never be) */
export async function removeWaitingPlays(ids: number[]): Promise<void> {
  const stored = ids.filter((id) => id > 0);
  for (const id of ids.filter((id) => id < 0)) {
    const index = inMemory.findIndex((play) => play.id === id);
    if (index >= 0) inMemory.splice(index, 1);
  }
  if (stored.length === 0) return;
  const tx = (await playsDb.get()).transaction(STORE, 'readwrite');
  await Promise.all([...stored.map((id) => tx.store.delete(id)), tx.done]);
}

/** every waiting play and every length goes (signing out: they say what was listened to) */
export async function clearWaitingPlays(): Promise<void> {
  inMemory.length = 0;
  try {
    const db = await playsDb.get();
    await Promise.all([db.clear(STORE), db.clear(DURATIONS)]);
  } catch (error) {
    console.warn('the waiting plays could not be cleared; their database is deleted', error);
    await playsDb.close();
    await deleteDB(PLAYS_DB_NAME).catch(() => undefined);
  }
}
