// Opens an IndexedDB database once and keeps the handle. Opening never hangs: a missing
// IndexedDB, a failed open or an upgrade blocked by another tab rejects with StorageError.
import { openDB, type DBSchema, type IDBPDatabase, type OpenDBCallbacks } from 'idb';
import { text } from '@/shared/text';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(options?: { cause?: unknown }) {
    super(text.errors.storageUnavailable, options);
  }
}

export interface DbHandle<S extends DBSchema> {
  /** the open database (opened on first use, then cached) */
  get(): Promise<IDBPDatabase<S>>;
  /**
   * The open database when it has opened and is still held, else null: a caller on a hot path (a
   * click that plays) starts its request at once instead of waiting a turn for get() to settle.
   */
  ready(): IDBPDatabase<S> | null;
  /** closes the cached connection, if any; the next get() opens it again */
  close(): Promise<void>;
}

export function createDbHandle<S extends DBSchema>(
  name: string,
  version: number,
  upgrade: NonNullable<OpenDBCallbacks<S>['upgrade']>,
): DbHandle<S> {
  let cached: Promise<IDBPDatabase<S>> | null = null;
  // what `cached` resolved to, while it is still the held connection
  let opened: IDBPDatabase<S> | null = null;

  function forget(promise: Promise<IDBPDatabase<S>>): void {
    if (cached !== promise) return;
    cached = null;
    opened = null;
  }

  function open(): Promise<IDBPDatabase<S>> {
    const factory = (() => {
      try {
        return globalThis.indexedDB;
      } catch {
        return undefined;
      }
    })();
    if (!factory) return Promise.reject(new StorageError());

    const self = new Promise<IDBPDatabase<S>>((resolve, reject) => {
      let settled = false;
      let opening: Promise<IDBPDatabase<S>>;
      try {
        opening = openDB<S>(name, version, {
          upgrade,
          blocked() {
            // another tab holds an older version open and does not let go
            if (settled) return;
            settled = true;
            reject(new StorageError());
          },
          blocking() {
            // a newer version wants to open (another tab): step aside
            forget(self);
            void opening.then((db) => db.close());
          },
          terminated() {
            forget(self);
          },
        });
      } catch (e) {
        settled = true;
        reject(new StorageError({ cause: e }));
        return;
      }
      opening.then(
        (db) => {
          if (settled) {
            db.close();
            return;
          }
          settled = true;
          resolve(db);
        },
        (e: unknown) => {
          if (settled) return;
          settled = true;
          reject(new StorageError({ cause: e }));
        },
      );
    });
    return self;
  }

  return {
    get() {
      if (cached) return cached;
      const opening = open();
      cached = opening;
      opening.then(
        (db) => {
          if (cached === opening) opened = db;
        },
        // a failed open is not cached: the next call tries again
        () => forget(opening),
      );
      return opening;
    },
    ready() {
      return opened;
    },
    async close() {
      const current = cached;
      cached = null;
      opened = null;
      if (!current) return;
      try {
        (await current).close();
      } catch {
        // it never opened: nothing to close
      }
    },
  };
}
