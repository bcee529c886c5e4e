// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LOCAL_KEYS, readLocal, removeLocal, writeLocal, type StoredTrack } from '@/storage/local';

const TRACK: StoredTrack = {
  albumId: '0b9e4c2a-5d7f-4c1e-9a3b-2f6d8e1c7a45',
  discId: 1,
  trackId: 2,
  title: 'Harbor Lights',
  artist: 'Mio Aoki',
  albumTitle: 'Harbor Lights',
  type: 'normal',
  artists: { 'irish-harp': 'Aya' },
};
const USER = { userId: '1', email: 'a@b.c', nickname: 'Mio', avatar: '', twoFactorEnabled: false };

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('defaults when nothing is stored', () => {
  test.each([
    ['userInfo', null],
    ['playlist', { tracks: [], index: 0 }],
    ['player.quality', 'lossless'],
    ['player.pageOnCloseAction', 'none'],
    ['player.volume', 100],
    ['player.muted', false],
  ] as const)('%s', (key, expected) => {
    expect(readLocal(key)).toEqual(expected);
  });
});

describe('round trips', () => {
  test('every key stores JSON and reads it back', () => {
    expect(writeLocal('userInfo', USER)).toBe(true);
    writeLocal('playlist', { tracks: [TRACK], index: 0 });
    writeLocal('player.quality', 'medium');
    writeLocal('player.pageOnCloseAction', 'confirmWhenPlaying');
    writeLocal('player.volume', 35);
    writeLocal('player.muted', true);
    expect(localStorage.getItem('player.quality')).toBe('"medium"');
    expect(localStorage.getItem('player.volume')).toBe('35');
    expect(readLocal('userInfo')).toEqual(USER);
    expect(readLocal('playlist')).toEqual({ tracks: [TRACK], index: 0 });
    expect(readLocal('player.quality')).toBe('medium');
    expect(readLocal('player.pageOnCloseAction')).toBe('confirmWhenPlaying');
    expect(readLocal('player.volume')).toBe(35);
    expect(readLocal('player.muted')).toBe(true);
  });

  test('removeLocal brings the default back', () => {
    writeLocal('player.volume', 10);
    removeLocal('player.volume');
    expect(localStorage.getItem('player.volume')).toBeNull();
    expect(readLocal('player.volume')).toBe(100);
  });

  test('LOCAL_KEYS lists userInfo, playlist, the five player.* keys, the colour scheme, the address form and the site name', () => {
    expect([...LOCAL_KEYS].sort()).toEqual(
      [
        'player.muted',
        'player.pageOnCloseAction',
        'player.quality',
        'player.volume',
        'player.position',
        'playlist',
        'userInfo',
        'ui.colorScheme',
        'ui.addresses',
        'ui.siteName',
      ].sort(),
    );
  });

  test.each([
    ['{"key":"a-1-2","seconds":83.5}', { key: 'a-1-2', seconds: 83.5 }],
    ['{"key":"a-1-2","seconds":-1}', null],
    ['{"key":7,"seconds":3}', null],
    ['{"key":"a-1-2"}', null],
    ['[]', null],
    ['not json', null],
  ])('a stored resume point %s reads as %j', (raw, value) => {
    localStorage.setItem('player.position', raw);
    expect(readLocal('player.position')).toEqual(value);
  });

  test.each([
    ['"path"', 'path'],
    ['"hash"', 'hash'],
    ['null', null],
    ['"both"', null],
    ['7', null],
    ['{"mode":"path"}', null],
    ['not json', null],
  ])('a stored address form %s reads as %s', (raw, value) => {
    localStorage.setItem('ui.addresses', raw);
    expect(readLocal('ui.addresses')).toBe(value);
  });

  test.each([
    ['"dark"', 'dark'],
    ['"light"', 'light'],
    ['"auto"', 'auto'],
    ['"sepia"', 'auto'],
    ['42', 'auto'],
    ['not json', 'auto'],
  ])('a stored colour scheme %s reads as %s', (raw, value) => {
    localStorage.setItem('ui.colorScheme', raw);
    expect(readLocal('ui.colorScheme')).toBe(value);
  });
});

describe('values written by other clients', () => {
  test.each([
    ['player.quality', 'high', 'high'],
    ['player.pageOnCloseAction', 'confirmWhenPlaying', 'confirmWhenPlaying'],
    ['player.volume', '42', 42],
    ['player.muted', 'true', true],
  ] as const)('bare string in %s', (key, raw, expected) => {
    localStorage.setItem(key, raw);
    expect(readLocal(key)).toBe(expected);
  });

  test('a stored user in wire form is accepted', () => {
    localStorage.setItem('userInfo', JSON.stringify({ user_id: 3, nickname: 'R', '2fa_enabled': true }));
    expect(readLocal('userInfo')).toEqual({
      userId: '3',
      email: '',
      nickname: 'R',
      avatar: '',
      twoFactorEnabled: true,
    });
  });
});

describe('corrupt or wrong values fall back to defaults', () => {
  test.each([
    ['userInfo', '{not json', null],
    ['userInfo', '{"nickname": "no id"}', null],
    ['userInfo', '[1,2]', null],
    ['playlist', '{"tracks": ', { tracks: [], index: 0 }],
    ['playlist', '"a string"', { tracks: [], index: 0 }],
    ['playlist', '{"tracks": "nope", "index": 3}', { tracks: [], index: 0 }],
    ['player.quality', 'ultra', 'lossless'],
    ['player.quality', '42', 'lossless'],
    ['player.pageOnCloseAction', '{"a":1}', 'none'],
    ['player.volume', '101', 100],
    ['player.volume', '-1', 100],
    ['player.volume', '"loud"', 100],
    ['player.volume', 'null', 100],
    ['player.muted', '1', false],
    ['player.muted', 'yes', false],
  ] as const)('%s = %s', (key, raw, expected) => {
    localStorage.setItem(key, raw);
    expect(readLocal(key)).toEqual(expected);
  });

  test('a fractional volume is rounded', () => {
    localStorage.setItem('player.volume', '55.6');
    expect(readLocal('player.volume')).toBe(56);
  });

  test('invalid queue entries are dropped and the rest kept', () => {
    const { artists: _artists, ...plain } = TRACK;
    localStorage.setItem(
      'playlist',
      JSON.stringify({
        tracks: [
          TRACK,
          { ...TRACK, discId: 0 },
          { ...TRACK, trackId: '2' },
          { ...TRACK, albumId: '' },
          null,
          'track',
          { ...plain, trackId: 3, coverUrl: 'blob:x', artists: { vocal: 'Mio', bad: 1 } },
          { albumId: 'b', discId: 2, trackId: 1, title: 'Minimal' },
        ],
        index: 1,
      }),
    );
    expect(readLocal('playlist')).toEqual({
      tracks: [
        TRACK,
        { ...plain, trackId: 3, artists: { vocal: 'Mio' } },
        { albumId: 'b', discId: 2, trackId: 1, title: 'Minimal', artist: '', albumTitle: '', type: 'normal' },
      ],
      index: 1,
    });
  });

  test.each([
    [5, 1],
    [-3, 0],
    [1.7, 1],
    ['1', 0],
  ])('queue index %j is clamped to %i', (index, expected) => {
    localStorage.setItem('playlist', JSON.stringify({ tracks: [TRACK, { ...TRACK, trackId: 9 }], index }));
    expect(readLocal('playlist').index).toBe(expected);
  });

  test('an empty queue has index 0', () => {
    localStorage.setItem('playlist', JSON.stringify({ tracks: [], index: 4 }));
    expect(readLocal('playlist')).toEqual({ tracks: [], index: 0 });
  });
});

describe('a broken localStorage never throws', () => {
  test('getItem/setItem/removeItem throwing', () => {
    localStorage.setItem('player.volume', '20');
    const fail = () => {
      throw new Error('SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: fail, setItem: fail, removeItem: fail, clear: fail });
    expect(readLocal('player.volume')).toBe(100);
    expect(readLocal('playlist')).toEqual({ tracks: [], index: 0 });
    expect(writeLocal('player.volume', 50)).toBe(false);
    expect(() => removeLocal('userInfo')).not.toThrow();
  });

  test('localStorage missing altogether', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(readLocal('player.quality')).toBe('lossless');
    expect(writeLocal('player.quality', 'low')).toBe(false);
    expect(() => removeLocal('player.quality')).not.toThrow();
  });

  test('localStorage access itself throwing', () => {
    vi.stubGlobal('localStorage', undefined);
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('SecurityError');
      },
    });
    expect(readLocal('player.muted')).toBe(false);
    expect(writeLocal('player.muted', true)).toBe(false);
    expect(() => removeLocal('player.muted')).not.toThrow();
  });
});
