// The server's answers kept on this device so pages open offline (services/api/answerCopies.ts):
// one record per key, written as answers arrive, read only when the server gives none. The reader
// checks a copy's shape as it checks an answer's. Signing out deletes them all.
import { deleteDB, type DBSchema } from 'idb';
import { isRecord } from '@/rules/narrow';
import { ANSWER_COPIES_DB_NAME, ANSWER_COPIES_DB_VERSION } from '@/shared/constants';
import { createDbHandle } from './openDb';

const STORE = 'answers';

interface AnswerCopy {
  data: unknown;
  savedAt: number;
}

interface CopiesSchema extends DBSchema {
  [STORE]: { key: string; value: AnswerCopy };
}

const copiesDb = createDbHandle<CopiesSchema>(ANSWER_COPIES_DB_NAME, ANSWER_COPIES_DB_VERSION, (db) => {
  db.createObjectStore(STORE);
});

export function saveAnswerCopy(key: string, data: unknown, now = Date.now()): void {
  void copiesDb
    .get()
    .then((db) => db.put(STORE, { data, savedAt: now }, key))
    .catch((error: unknown) => console.warn('a copy of the answer could not be kept for offline use', key, error));
}

/** the answer kept for `key`, or undefined (none, or a record not shaped as one) */
export async function readAnswerCopy(key: string): Promise<unknown> {
  const record: unknown = await (await copiesDb.get()).get(STORE, key);
  if (record === undefined) return undefined;
  if (!isRecord(record) || !('data' in record) || typeof record.savedAt !== 'number') {
    console.warn('a damaged copy of an answer was skipped', key);
    return undefined;
  }
  return record.data;
}

/** every copy goes (signing out) */
export async function clearAnswerCopies(): Promise<void> {
  try {
    await (await copiesDb.get()).clear(STORE);
  } catch (error) {
    console.warn('the copies of answers could not be cleared; their database is deleted', error);
    await copiesDb.close();
    await deleteDB(ANSWER_COPIES_DB_NAME).catch(() => undefined);
  }
}

export const answerCopies = { save: saveAnswerCopy, read: readAnswerCopy };
