// 智能歌单 on this device (docs/architecture.md#album-facts): each account's lists, and the facts of
// the libraries' albums that the lists read, in blocks (rules/albumFacts.ts). Every record is
// checked for shape when read: a damaged list is left out with a warning, a damaged block is
// deleted (its albums are read again from the server). A list never leaves the account it was made
// in; signing out forgets the facts (they tell what the libraries hold) and keeps the lists, as
// settings are kept.
import { deleteDB, type DBSchema } from 'idb';
import { readFactsBlock, type FactsBlock } from '@/rules/albumFacts';
import { isRecord } from '@/rules/narrow';
import { parseSmartList, type SmartList } from '@/rules/smartLists';
import { SMART_LISTS_DB_NAME, SMART_LISTS_DB_VERSION } from '@/shared/constants';
import { createDbHandle } from './openDb';

const LISTS = 'lists';
const FACTS = 'facts';
const STATE = 'state';
const FACTS_GENERATION = 'factsGeneration';

/** one account's lists; `started` once the ready-made ones were given (deleting them all brings none back) */
export interface AccountLists {
  lists: SmartList[];
  started: boolean;
}

interface SmartListsSchema extends DBSchema {
  [LISTS]: { key: string; value: AccountLists };
  [FACTS]: { key: number; value: FactsBlock };
  [STATE]: { key: string; value: number };
}

const db = createDbHandle<SmartListsSchema>(SMART_LISTS_DB_NAME, SMART_LISTS_DB_VERSION, (database) => {
  database.createObjectStore(LISTS);
  database.createObjectStore(FACTS, { autoIncrement: true });
  database.createObjectStore(STATE);
});

/** the account's lists as kept (none yet: not started) */
export async function readAccountLists(user: string): Promise<AccountLists> {
  const stored: unknown = await (await db.get()).get(LISTS, user);
  if (stored === undefined) return { lists: [], started: false };
  if (!isRecord(stored) || !Array.isArray(stored.lists)) {
    console.warn('damaged smart playlists record read as started with none');
    return { lists: [], started: true };
  }
  const lists = stored.lists.map(parseSmartList).filter((list) => list !== null);
  if (lists.length < stored.lists.length)
    console.warn(`${stored.lists.length - lists.length} damaged smart playlist(s) left out`);
  return { lists, started: true };
}

export async function writeAccountLists(user: string, lists: readonly SmartList[]): Promise<void> {
  await (await db.get()).put(LISTS, { lists: [...lists], started: true }, user);
}

/** a block of facts as kept, with its key */
export interface KeptFactsBlock {
  key: number;
  block: FactsBlock;
}

/** every block of facts; damaged ones are deleted */
export async function readFactsBlocks(): Promise<KeptFactsBlock[]> {
  const database = await db.get();
  const tx = database.transaction(FACTS);
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll(), tx.done]);
  const kept: KeptFactsBlock[] = [];
  const damaged: number[] = [];
  values.forEach((value, i) => {
    const block = readFactsBlock(value);
    if (block) kept.push({ key: keys[i]!, block });
    else damaged.push(keys[i]!);
  });
  if (damaged.length > 0) {
    console.warn(`${damaged.length} damaged album facts block(s) deleted; their albums are read again`);
    await changeFactsBlocks([], damaged);
  }
  return kept;
}

/** adds blocks and deletes others in one transaction; readers see both or neither */
export async function changeFactsBlocks(add: readonly FactsBlock[], remove: readonly number[]): Promise<void> {
  const database = await db.get();
  const tx = database.transaction([FACTS, STATE], 'readwrite');
  const facts = tx.objectStore(FACTS);
  const generation = ((await tx.objectStore(STATE).get(FACTS_GENERATION)) ?? 0) + 1;
  await Promise.all([
    ...remove.map((key) => facts.delete(key)),
    ...add.map((block) => facts.add(block)),
    tx.objectStore(STATE).put(generation, FACTS_GENERATION),
    tx.done,
  ]);
}

/** changes with every write of the facts: a reader that holds them knows whether they are current */
export async function factsGeneration(): Promise<number> {
  const value: unknown = await (await db.get()).get(STATE, FACTS_GENERATION);
  return typeof value === 'number' ? value : 0;
}

/** sign-out: the facts go, the lists stay with their accounts */
export async function clearAlbumFacts(): Promise<void> {
  const database = await db.get();
  const tx = database.transaction([FACTS, STATE], 'readwrite');
  const generation = ((await tx.objectStore(STATE).get(FACTS_GENERATION)) ?? 0) + 1;
  await Promise.all([tx.objectStore(FACTS).clear(), tx.objectStore(STATE).put(generation, FACTS_GENERATION), tx.done]);
}

/** removes the whole database (tests) */
export async function deleteSmartListsDb(): Promise<void> {
  await db.close();
  await deleteDB(SMART_LISTS_DB_NAME);
}
