// ListenBrainz on this device (docs/behaviour.md#listenbrainz): each account's setting (its token,
// the ListenBrainz user it belongs to, on or off, the service's address) and the listens waiting to
// be sent, with their real time. Every record is checked for shape when read (a damaged one is
// deleted, or read as no setting). When IndexedDB cannot be used, both live in memory for the life
// of the page. Signing out clears them all.
import { deleteDB, type DBSchema } from 'idb';
import { isPositiveWhole, isRecord } from '@/rules/narrow';
import { readListen, readServiceUrl, readToken, type Listen } from '@/rules/listens';
import { LISTENBRAINZ_DEFAULT_URL, LISTENS_DB_NAME, LISTENS_DB_VERSION } from '@/shared/constants';
import { createDbHandle } from './openDb';

const ACCOUNTS = 'accounts';
const WAITING = 'waiting';
const BY_USER = 'byUser';

/** one account's ListenBrainz setting */
export interface ScrobbleSetting {
  /** the service's address (ListenBrainz's own unless the listener named another) */
  url: string;
  /** the user token, once checked; null: none given */
  token: string | null;
  /** the ListenBrainz user the token belongs to, as the service named it */
  userName: string | null;
  /** listens are sent (the token is kept while off) */
  on: boolean;
}

const NO_SETTING: ScrobbleSetting = { url: LISTENBRAINZ_DEFAULT_URL, token: null, userName: null, on: false };

/** one listen of one account, waiting */
export interface WaitingListen {
  id: number;
  user: string;
  listen: Listen;
}

interface ListensSchema extends DBSchema {
  [ACCOUNTS]: { key: string; value: ScrobbleSetting };
  [WAITING]: { key: number; value: WaitingListen; indexes: { [BY_USER]: string } };
}

const listensDb = createDbHandle<ListensSchema>(LISTENS_DB_NAME, LISTENS_DB_VERSION, (db) => {
  db.createObjectStore(ACCOUNTS);
  db.createObjectStore(WAITING, { keyPath: 'id', autoIncrement: true }).createIndex(BY_USER, 'user');
});

const settingsInMemory = new Map<string, ScrobbleSetting>();
const waitingInMemory: WaitingListen[] = [];
let nextMemoryId = -1;

/** a setting as stored, or null when it is not shaped as one */
function checkedSetting(record: unknown): ScrobbleSetting | null {
  if (!isRecord(record)) return null;
  const url = typeof record.url === 'string' ? readServiceUrl(record.url) : null;
  const token = record.token === null ? null : typeof record.token === 'string' ? readToken(record.token) : undefined;
  const userName = record.userName === null || typeof record.userName === 'string' ? record.userName : undefined;
  if (url === null || token === undefined || userName === undefined || typeof record.on !== 'boolean') return null;
  // a token is only kept with the user it was checked for; off without one
  if ((token === null) !== (userName === null)) return null;
  return { url, token, userName, on: token !== null && record.on };
}

/** this account's setting (none, or a damaged one, reads as NO_SETTING) */
export async function readScrobbleSetting(user: string): Promise<ScrobbleSetting> {
  const remembered = settingsInMemory.get(user);
  if (remembered) return remembered;
  try {
    const stored = await (await listensDb.get()).get(ACCOUNTS, user);
    if (stored === undefined) return NO_SETTING;
    const setting = checkedSetting(stored);
    if (setting) return setting;
    console.warn('a damaged ListenBrainz setting was read as none');
    return NO_SETTING;
  } catch {
    return NO_SETTING;
  }
}

export async function writeScrobbleSetting(user: string, setting: ScrobbleSetting): Promise<void> {
  try {
    await (await listensDb.get()).put(ACCOUNTS, setting, user);
    settingsInMemory.delete(user);
  } catch (error) {
    console.warn('the ListenBrainz setting could not be stored; it lasts for this page', error);
    settingsInMemory.set(user, setting);
  }
}

function checkedWaiting(record: unknown): WaitingListen | null {
  if (!isRecord(record)) return null;
  const listen = readListen(record.listen);
  const { id, user } = record;
  if (!isPositiveWhole(id) || typeof user !== 'string' || user === '' || !listen || listen.listened_at === undefined)
    return null;
  return { id, user, listen };
}

/** keeps a listen until ListenBrainz took it */
export async function keepListen(user: string, listen: Listen): Promise<void> {
  try {
    // the id is the store's own (autoIncrement)
    await (await listensDb.get()).add(WAITING, { user, listen } as WaitingListen);
  } catch (error) {
    console.warn('a listen could not be kept on this device; it waits in memory', error);
    waitingInMemory.push({ id: nextMemoryId--, user, listen });
  }
}

/** the oldest `limit` listens of `user`, oldest first; damaged records are deleted */
export async function readWaitingListens(user: string, limit: number): Promise<WaitingListen[]> {
  const listens = waitingInMemory.filter((waiting) => waiting.user === user).slice(0, limit);
  let db: Awaited<ReturnType<typeof listensDb.get>>;
  try {
    db = await listensDb.get();
  } catch {
    return listens;
  }
  const damaged: number[] = [];
  let cursor = await db.transaction(WAITING).store.index(BY_USER).openCursor(user);
  while (cursor && listens.length < limit) {
    const waiting = checkedWaiting(cursor.value);
    if (waiting) listens.push(waiting);
    else damaged.push(cursor.primaryKey);
    cursor = await cursor.continue();
  }
  if (damaged.length > 0) {
    console.warn(`${damaged.length} damaged waiting listen record(s) deleted`);
    await removeWaitingListens(damaged);
  }
  return listens;
}

/** how many listens of `user` wait */
export async function countWaitingListens(user: string): Promise<number> {
  const remembered = waitingInMemory.filter((waiting) => waiting.user === user).length;
  try {
    return remembered + (await (await listensDb.get()).countFromIndex(WAITING, BY_USER, user));
  } catch {
    return remembered;
  }
}

/** forgets listens ListenBrainz took (or refused) */
export async function removeWaitingListens(ids: number[]): Promise<void> {
  for (const id of ids.filter((id) => id < 0)) {
    const index = waitingInMemory.findIndex((waiting) => waiting.id === id);
    if (index >= 0) waitingInMemory.splice(index, 1);
  }
  const stored = ids.filter((id) => id > 0);
  if (stored.length === 0) return;
  const tx = (await listensDb.get()).transaction(WAITING, 'readwrite');
  await Promise.all([...stored.map((id) => tx.store.delete(id)), tx.done]);
}

/** every setting (tokens included) and every waiting listen goes: signing out */
export async function clearListens(): Promise<void> {
  settingsInMemory.clear();
  waitingInMemory.length = 0;
  try {
    const db = await listensDb.get();
    await Promise.all([db.clear(ACCOUNTS), db.clear(WAITING)]);
  } catch (error) {
    console.warn('the ListenBrainz data could not be cleared; its database is deleted', error);
    await listensDb.close();
    await deleteDB(LISTENS_DB_NAME).catch(() => undefined);
  }
}
