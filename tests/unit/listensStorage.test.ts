// ListenBrainz on the device (src/storage/listens.ts, over fake-indexeddb): each account's setting
// kept and read back, a damaged one read as none; the listens waiting per account, oldest first up
// to a limit, counted and removed, damaged records deleted as they are read; signing out clears the
// tokens and the listens of every account.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Listen } from '@/rules/listens';
import { LISTENBRAINZ_DEFAULT_URL, LISTENS_DB_NAME } from '@/shared/constants';
import {
  clearListens,
  countWaitingListens,
  keepListen,
  readScrobbleSetting,
  readWaitingListens,
  removeWaitingListens,
  writeScrobbleSetting,
  type ScrobbleSetting,
} from '@/storage/listens';

const NO_SETTING: ScrobbleSetting = { url: LISTENBRAINZ_DEFAULT_URL, token: null, userName: null, on: false };
const MIO: ScrobbleSetting = { url: 'https://api.listenbrainz.org', token: 'token-of-mio', userName: 'mio', on: true };
const KEN: ScrobbleSetting = { url: 'http://127.0.0.1:8100/lb', token: 'token-of-ken', userName: 'ken', on: false };
/** 2024-01-01 00:00:00 UTC */
const AT = 1_704_067_200;
const CLIENT = 'Anniv web player';

const listen = (title: string, at = AT): Listen => ({
  listened_at: at,
  track_metadata: {
    artist_name: '港灯乐团',
    track_name: title,
    additional_info: { media_player: CLIENT, submission_client: CLIENT },
  },
});

/** writes a record as it is, past the module's checks (a damaged one) */
async function storeRaw(store: 'accounts' | 'waiting', value: unknown, key?: string): Promise<void> {
  const db = await openDB(LISTENS_DB_NAME);
  if (key === undefined) await db.add(store, value);
  else await db.put(store, value, key);
  db.close();
}

let warn: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await clearListens();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  warn.mockRestore();
});

describe('the ListenBrainz setting of each account', () => {
  test('kept per account and read back; an account with none reads as no token, off, ListenBrainz’s address', async () => {
    await writeScrobbleSetting('u1', MIO);
    await writeScrobbleSetting('u2', KEN);
    expect(await readScrobbleSetting('u1')).toEqual(MIO);
    expect(await readScrobbleSetting('u2')).toEqual(KEN);
    expect(await readScrobbleSetting('u3')).toEqual(NO_SETTING);
    // written again: the newer one
    await writeScrobbleSetting('u1', { ...MIO, on: false });
    expect(await readScrobbleSetting('u1')).toEqual({ ...MIO, on: false });
  });

  test('a damaged setting reads as none', async () => {
    const damaged: [string, unknown][] = [
      ['not an object', 'token-of-mio'],
      ['no url', { ...MIO, url: undefined }],
      ['not an http(s) url', { ...MIO, url: 'ftp://lb.example.org' }],
      ['a token that cannot be one', { ...MIO, token: 'two words' }],
      ['a token of no user', { ...MIO, userName: null }],
      ['a user with no token', { ...MIO, token: null }],
      ['a user name not a string', { ...MIO, userName: 7 }],
      ['on not a boolean', { ...MIO, on: 'yes' }],
    ];
    for (const [why, record] of damaged) {
      await storeRaw('accounts', record, 'u1');
      expect(await readScrobbleSetting('u1'), why).toEqual(NO_SETTING);
    }
    expect(warn).toHaveBeenCalled();
  });

  test('on without a token reads as off', async () => {
    await storeRaw('accounts', { url: LISTENBRAINZ_DEFAULT_URL, token: null, userName: null, on: true }, 'u1');
    expect(await readScrobbleSetting('u1')).toEqual(NO_SETTING);
  });
});

describe('the listens waiting to be sent', () => {
  test('kept per account, read oldest first up to a limit, counted', async () => {
    await keepListen('u1', listen('港灯', AT));
    await keepListen('u2', listen('潮汐', AT + 10));
    await keepListen('u1', listen('夜航船', AT + 20));
    await keepListen('u1', listen('归港', AT + 30));
    const mine = await readWaitingListens('u1', 10);
    expect(mine.map((waiting) => [waiting.user, waiting.listen])).toEqual([
      ['u1', listen('港灯', AT)],
      ['u1', listen('夜航船', AT + 20)],
      ['u1', listen('归港', AT + 30)],
    ]);
    // ids as the store gave them, in order
    expect(mine.map((waiting) => waiting.id)).toEqual([...mine.map((waiting) => waiting.id)].sort((a, b) => a - b));
    expect((await readWaitingListens('u1', 2)).map((waiting) => waiting.listen.track_metadata.track_name)).toEqual([
      '港灯',
      '夜航船',
    ]);
    expect(await countWaitingListens('u1')).toBe(3);
    expect(await countWaitingListens('u2')).toBe(1);
    expect(await countWaitingListens('u3')).toBe(0);
    expect(await readWaitingListens('u3', 10)).toEqual([]);
  });

  test('removed by id once ListenBrainz took them; the others stay', async () => {
    await keepListen('u1', listen('港灯', AT));
    await keepListen('u1', listen('夜航船', AT + 20));
    await keepListen('u2', listen('潮汐', AT + 10));
    const [first] = await readWaitingListens('u1', 1);
    await removeWaitingListens([first!.id]);
    expect((await readWaitingListens('u1', 10)).map((waiting) => waiting.listen.track_metadata.track_name)).toEqual([
      '夜航船',
    ]);
    expect(await countWaitingListens('u2')).toBe(1);
    await removeWaitingListens([]);
    expect(await countWaitingListens('u1')).toBe(1);
  });

  test('damaged records are left out and deleted as they are read; the good ones still come', async () => {
    await keepListen('u1', listen('港灯', AT));
    await storeRaw('waiting', { user: 'u1', listen: 'a listen' });
    // shaped as a playing_now: a waiting listen has its time
    await storeRaw('waiting', { user: 'u1', listen: { track_metadata: listen('潮汐').track_metadata } });
    // ListenBrainz would refuse it: never sent
    await storeRaw('waiting', { user: 'u1', listen: listen('') });
    await storeRaw('waiting', { user: 'u1', listen: { ...listen('归港'), listened_at: 'yesterday' } });
    await keepListen('u1', listen('夜航船', AT + 20));
    expect(await countWaitingListens('u1')).toBe(6);
    expect((await readWaitingListens('u1', 10)).map((waiting) => waiting.listen.track_metadata.track_name)).toEqual([
      '港灯',
      '夜航船',
    ]);
    expect(await countWaitingListens('u1')).toBe(2);
    expect(warn).toHaveBeenCalledWith('4 damaged waiting listen record(s) deleted');
  });

  test('a limit stops the reading: damaged records past it stay until read', async () => {
    await keepListen('u1', listen('港灯', AT));
    await storeRaw('waiting', { user: 'u1', listen: null });
    expect(await readWaitingListens('u1', 1)).toHaveLength(1);
    expect(await countWaitingListens('u1')).toBe(2);
  });
});

describe('signing out', () => {
  test('clears every account’s token and every waiting listen', async () => {
    await writeScrobbleSetting('u1', MIO);
    await writeScrobbleSetting('u2', KEN);
    await keepListen('u1', listen('港灯'));
    await keepListen('u2', listen('潮汐'));
    await clearListens();
    expect(await readScrobbleSetting('u1')).toEqual(NO_SETTING);
    expect(await readScrobbleSetting('u2')).toEqual(NO_SETTING);
    expect(await countWaitingListens('u1')).toBe(0);
    expect(await countWaitingListens('u2')).toBe(0);
    // what is left in the database itself
    const db = await openDB(LISTENS_DB_NAME);
    expect(await db.count('accounts')).toBe(0);
    expect(await db.count('waiting')).toBe(0);
    db.close();
  });
});
