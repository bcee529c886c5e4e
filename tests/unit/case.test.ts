import { describe, expect, test } from 'vitest';
import { camelKey, snakeKey, toCamelCase, toSnakeCase } from '@/rules/case';

describe('key conversion', () => {
  test.each([
    ['album_id', 'albumId'],
    ['is_public', 'isPublic'],
    ['site_name', 'siteName'],
    ['last_modified', 'lastModified'],
    ['protocol_version', 'protocolVersion'],
    ['id', 'id'],
    ['2fa_enabled', '2fa_enabled'],
    ['2fa_code', '2fa_code'],
    ['__anniv-go', '__anniv-go'],
  ])('camelKey(%s) = %s', (from, to) => {
    expect(camelKey(from)).toBe(to);
  });

  test.each([
    ['albumId', 'album_id'],
    ['isPublic', 'is_public'],
    ['oldPassword', 'old_password'],
    ['inviteCode', 'invite_code'],
    ['searchAlbums', 'search_albums'],
    ['id', 'id'],
    ['id[]', 'id[]'],
    ['2fa_code', '2fa_code'],
    ['2faCode', '2faCode'],
    ['2fa_secret', '2fa_secret'],
  ])('snakeKey(%s) = %s', (from, to) => {
    expect(snakeKey(from)).toBe(to);
  });

  test('nested objects and arrays are walked (incoming)', () => {
    const wire = {
      album_id: 'a1',
      discs: [{ disc_title: 'x', tracks: [{ track_id: 1, extra_info: { is_public: true } }] }],
      cover: null,
      tags: ['artist:Foo Bar', 'category:demo_tag'],
    };
    expect(toCamelCase(wire)).toEqual({
      albumId: 'a1',
      discs: [{ discTitle: 'x', tracks: [{ trackId: 1, extraInfo: { isPublic: true } }] }],
      cover: null,
      tags: ['artist:Foo Bar', 'category:demo_tag'],
    });
  });

  test('nested objects and arrays are walked (outgoing)', () => {
    expect(
      toSnakeCase({ id: '3', command: 'info', payload: { isPublic: true, cover: { albumId: 'a', discId: 1 } } }),
    ).toEqual({ id: '3', command: 'info', payload: { is_public: true, cover: { album_id: 'a', disc_id: 1 } } });
    expect(toSnakeCase([{ track: { albumId: 'a', discId: 1, trackId: 2 }, at: [1, 2] }])).toEqual([
      { track: { album_id: 'a', disc_id: 1, track_id: 2 }, at: [1, 2] },
    ]);
  });

  test('artists role maps keep their keys both ways', () => {
    const wire = { album_id: 'a', artists: { 'irish-harp': 'Aya', vocal_lead: 'Mio' } };
    const camel = toCamelCase(wire);
    expect(camel).toEqual({ albumId: 'a', artists: { 'irish-harp': 'Aya', vocal_lead: 'Mio' } });
    expect(toSnakeCase({ albumId: 'a', artists: { 'irish-harp': 'Aya', leadVocal: 'Mio' } })).toEqual({
      album_id: 'a',
      artists: { 'irish-harp': 'Aya', leadVocal: 'Mio' },
    });
  });

  test('audios token map keeps album id keys', () => {
    const payload = { user_id: '1', audios: { 'abc_def-1': { '1': [1, 2] }, some_album: { '2': [3] } } };
    expect(toCamelCase(payload)).toEqual({
      userId: '1',
      audios: { 'abc_def-1': { '1': [1, 2] }, some_album: { '2': [3] } },
    });
  });

  test('metadata keeps album id keys, but the albums inside are converted', () => {
    const share = {
      metadata: {
        album_one: { album_id: 'album_one', discs: [{ tracks: [{ title: 't', artists: { 'irish-harp': 'A' } }] }] },
      },
    };
    expect(toCamelCase(share)).toEqual({
      metadata: {
        album_one: { albumId: 'album_one', discs: [{ tracks: [{ title: 't', artists: { 'irish-harp': 'A' } }] }] },
      },
    });
  });

  test('digit-leading keys are kept verbatim inside objects', () => {
    expect(toCamelCase({ user_id: 1, '2fa_enabled': true })).toEqual({ userId: 1, '2fa_enabled': true });
    expect(toSnakeCase({ oldPassword: 'x', '2fa_code': '123456' })).toEqual({
      old_password: 'x',
      '2fa_code': '123456',
    });
  });

  test('non-plain objects and primitives are returned untouched', () => {
    const date = new Date(0);
    const converted = toCamelCase({ created_at: date }) as { createdAt: Date };
    expect(converted.createdAt).toBe(date);
    expect(toCamelCase('snake_case')).toBe('snake_case');
    expect(toCamelCase(null)).toBe(null);
    expect(toSnakeCase(42)).toBe(42);
  });

  test('a __proto__ key does not reach the prototype', () => {
    const converted = toCamelCase(JSON.parse('{"__proto__": {"polluted_key": 1}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).pollutedKey).toBeUndefined();
  });
});
