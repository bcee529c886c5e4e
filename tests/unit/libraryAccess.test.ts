import { describe, expect, test } from 'vitest';
import {
  albumAccess,
  chooseCredential,
  chooseTrackCredential,
  createLibraryAccess,
  trackSourceOf,
  type CredentialSource,
} from '@/features/library/access';
import { isNoSourceError, NoSourceError } from '@/shared/errors';
import { text } from '@/shared/text';
import type { Credential } from '@/shared/types';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;

const cred = (id: string, url: string, priority: number, token = jwt({ type: 'user' })): Credential => ({
  id,
  name: id,
  url,
  token,
  priority,
  controlled: false,
});

const HOME = cred('home', 'https://home.example', 0);
const NAS = cred('nas', 'https://nas.example:8443', 5);
const NAS_TOO = cred('nas2', 'https://nas.example:8443', 5);
const CLOUD = cred('cloud', 'https://cloud.example', 9);

describe('chooseCredential', () => {
  test('highest priority among the libraries that hold the album', () => {
    expect(chooseCredential([HOME, NAS, CLOUD], ['https://home.example', 'https://nas.example:8443'])?.id).toBe('nas');
  });

  test('ties: the first in the list', () => {
    expect(chooseCredential([NAS_TOO, NAS], ['https://nas.example:8443'])?.id).toBe('nas2');
  });

  test('urls compare by origin (trailing slash, path)', () => {
    expect(chooseCredential([HOME], ['https://home.example/'])?.id).toBe('home');
    expect(chooseCredential([cred('x', 'https://home.example/', 0)], ['https://home.example'])?.id).toBe('x');
  });

  test('no library holds it: null', () => {
    expect(chooseCredential([HOME, CLOUD], [])).toBeNull();
    expect(chooseCredential([], ['https://home.example'])).toBeNull();
  });

  test('per track: tokens that do not list the track are skipped', () => {
    const share = cred('share', 'https://cloud.example', 10, jwt({ type: 'share', audios: { a1: { '1': [2] } } }));
    const libs = ['https://cloud.example', 'https://home.example'];
    expect(chooseTrackCredential([HOME, share], libs, { albumId: 'a1', discId: 1, trackId: 2 })?.id).toBe('share');
    expect(chooseTrackCredential([HOME, share], libs, { albumId: 'a1', discId: 1, trackId: 3 })?.id).toBe('home');
  });
});

describe('trackSourceOf', () => {
  test('play url with the token, disc cover', () => {
    expect(
      trackSourceOf(cred('c', 'https://nas.example/', 0, 'abc+/'), { albumId: 'a1', discId: 2, trackId: 3 }),
    ).toEqual({
      audioUrl: 'https://nas.example/a1/2/3?auth=abc%2B%2F',
      coverUrl: 'https://nas.example/a1/2/cover',
    });
  });
});

describe('albumAccess: one answer for the album page, search and the player', () => {
  const share = cred('share', 'https://cloud.example', 10, jwt({ type: 'share', audios: { a1: { '1': [2] } } }));
  const availability = new Map([
    ['a1', ['https://cloud.example']],
    ['a2', ['https://home.example', 'https://cloud.example']],
  ]);
  const access = albumAccess([HOME, share], availability);

  test('the album cover comes from the highest-priority library holding it, token or not (covers need none)', () => {
    expect(access.coverUrl('a1')).toBe('https://cloud.example/a1/cover');
    expect(access.coverUrl('a2')).toBe('https://cloud.example/a2/cover');
    expect(access.coverUrl('unknown')).toBeNull();
  });

  test('a track plays only where a token covers it; canPlay and trackSource always agree', () => {
    const covered = { albumId: 'a1', discId: 1, trackId: 2 };
    const notListed = { albumId: 'a1', discId: 1, trackId: 3 };
    const fromHome = { albumId: 'a2', discId: 1, trackId: 1 };
    expect(access.canPlay(covered)).toBe(true);
    expect(access.trackSource(covered)?.audioUrl).toBe(
      `https://cloud.example/a1/1/2?auth=${encodeURIComponent(share.token)}`,
    );
    expect(access.canPlay(notListed)).toBe(false);
    expect(access.trackSource(notListed)).toBeNull();
    // the share token does not list a2: the user's own library plays it
    expect(access.canPlay(fromHome)).toBe(true);
    expect(access.trackSource(fromHome)?.audioUrl).toContain('https://home.example/a2/1/1?auth=');
    for (const track of [covered, notListed, fromHome, { albumId: 'zz', discId: 1, trackId: 1 }]) {
      expect(access.canPlay(track)).toBe(access.trackSource(track) !== null);
    }
  });
});

describe('createLibraryAccess over a credential source', () => {
  const track = { albumId: 'a1', discId: 1, trackId: 2 };
  function source(over: Partial<CredentialSource> = {}): CredentialSource & { asked: string[][] } {
    const asked: string[][] = [];
    return {
      asked,
      credentials: () => [HOME, CLOUD],
      ready: () => true,
      librariesOf: async (ids) => {
        asked.push([...ids]);
        return new Map(ids.map((id) => [id, ['https://home.example']]));
      },
      ...over,
    };
  }

  test('reads the credentials of the moment at every question', async () => {
    let credentials = [HOME];
    const access = createLibraryAccess(source({ credentials: () => credentials }));
    expect((await access.trackSource(track)).audioUrl).toContain('https://home.example/');
    credentials = [];
    await expect(access.trackSource(track)).rejects.toBeInstanceOf(NoSourceError);
  });

  test('asks the local map once per set of albums, without repeats', async () => {
    const src = source();
    await createLibraryAccess(src).forAlbums(['a1', 'a2', 'a1']);
    expect(src.asked).toEqual([['a1', 'a2']]);
  });

  test('no library can play the track: NoSourceError with the catalogue text', async () => {
    const error = await createLibraryAccess(source({ librariesOf: async () => new Map() }))
      .trackSource(track)
      .catch((e: unknown) => e);
    expect(isNoSourceError(error)).toBe(true);
    expect((error as Error).message).toBe(text.album.unavailable);
    expect(isNoSourceError(new Error('x'))).toBe(false);
  });

  test('a broken local store: pages see no album anywhere, a play fails with the store error', async () => {
    const broken = createLibraryAccess(
      source({ librariesOf: async () => Promise.reject(new Error('IndexedDB unavailable')) }),
    );
    const known = await broken.forAlbums(['a1']);
    expect(known.coverUrl('a1')).toBeNull();
    expect(known.canPlay(track)).toBe(false);
    await expect(broken.trackSource(track)).rejects.toThrow('IndexedDB unavailable');
  });

  test('a track kept on this device can play with no library and no credentials (listening offline); without libraries, answers wait until what is kept is known', async () => {
    let known!: () => void;
    const keptKnown = new Promise<void>((resolve) => (known = resolve));
    const offline = createLibraryAccess(
      source({
        ready: () => false,
        credentials: () => [],
        librariesOf: async () => new Map(),
        keptOnDevice: (t) => t.trackId === track.trackId,
        keptKnown: () => keptKnown,
      }),
    );
    let answered = false;
    const answer = offline.forAlbums([track.albumId]).then((a) => {
      answered = true;
      return a;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(answered).toBe(false);
    known();
    const access = await answer;
    expect(access.canPlay(track)).toBe(true);
    expect(access.canPlay({ ...track, trackId: track.trackId + 1 })).toBe(false);
    // where the track plays from is the player's kept copy, not a library
    expect(access.trackSource(track)).toBeNull();
  });

  test('credentials still loading: the answer waits for their load to end, not only for what is kept', async () => {
    let ready = false;
    let loaded!: () => void;
    const settled = new Promise<void>((resolve) => (loaded = resolve));
    const access = createLibraryAccess(
      source({
        ready: () => ready,
        credentials: () => (ready ? [HOME] : []),
        settled: () => settled,
        keptKnown: async () => {},
        keptOnDevice: () => false,
      }),
    );
    let answered = false;
    const answer = access.forAlbums([track.albumId]).then((a) => {
      answered = true;
      return a;
    });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    // what is kept is known already; the libraries are not
    expect(answered).toBe(false);
    ready = true;
    loaded();
    expect((await answer).canPlay(track)).toBe(true);
  });

  test('credentials that failed to load (offline): the answer goes on with what is kept', async () => {
    const access = createLibraryAccess(
      source({
        ready: () => false,
        credentials: () => [],
        settled: async () => {},
        keptKnown: async () => {},
        keptOnDevice: (t) => t.trackId === track.trackId,
      }),
    );
    const answer = await access.forAlbums([track.albumId]);
    expect(answer.canPlay(track)).toBe(true);
    expect(answer.canPlay({ ...track, trackId: track.trackId + 1 })).toBe(false);
  });

  test('with the browser offline only kept tracks can play, though their libraries are known; back online every track can', async () => {
    let offline = true;
    const access = createLibraryAccess(
      source({
        librariesOf: async () => new Map([[track.albumId, [HOME.url]]]),
        credentials: () => [HOME],
        keptOnDevice: (t) => t.trackId === track.trackId,
        offline: () => offline,
      }),
    );
    const other = { ...track, trackId: track.trackId + 1 };
    const whileOffline = await access.forAlbums([track.albumId]);
    expect(whileOffline.canPlay(track)).toBe(true);
    expect(whileOffline.canPlay(other)).toBe(false);
    offline = false;
    expect((await access.forAlbums([track.albumId])).canPlay(other)).toBe(true);
  });

  test('ready follows the source', () => {
    let ready = false;
    const access = createLibraryAccess(source({ ready: () => ready }));
    expect(access.ready()).toBe(false);
    ready = true;
    expect(access.ready()).toBe(true);
  });
});
