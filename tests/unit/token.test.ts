import { describe, expect, test } from 'vitest';
import { decodeLibraryToken, isJwt, tokenCanShare, tokenCovers } from '@/rules/token';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }) =>
  `${b64url(header)}.${b64url(payload)}.c2lnbmF0dXJl`;

const ALBUM = '0b9e4c2a-aaaa-4000-8000-000000000001';
const USER_TOKEN = jwt({
  iat: 1,
  type: 'user',
  user_id: 'a@b.c',
  share: { key_id: 'k1', secret: 's3cret', allowed: [ALBUM] },
});
const SHARE_TOKEN = jwt(
  {
    type: 'share',
    iss: 'anniv',
    exp: 2,
    audios: { [ALBUM]: { '1': [1, 2, 5], '2': [3] }, irish_harp_album: { '1': [1] } },
  },
  { alg: 'HS256', kid: 'k1' },
);

describe('decodeLibraryToken', () => {
  test('user token: type and share (key_id read as keyId)', () => {
    expect(decodeLibraryToken(USER_TOKEN)).toEqual({
      type: 'user',
      share: { keyId: 'k1', secret: 's3cret', allowed: [ALBUM] },
    });
  });

  test('share token: audios keys kept exactly', () => {
    expect(decodeLibraryToken(SHARE_TOKEN)).toEqual({
      type: 'share',
      audios: { [ALBUM]: { '1': [1, 2, 5], '2': [3] }, irish_harp_album: { '1': [1] } },
    });
  });

  test('a base64url payload with - and _ decodes (bare atob would fail)', () => {
    // '?>' and '~~' encode to base64 with + and /, which base64url writes as - and _
    const token = jwt({ type: 'user', user_id: '?>?>~~~' });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeLibraryToken(token).type).toBe('user');
  });

  test.each([
    ['not a JWT', 'hello'],
    ['bad base64', 'a.@@@.c'],
    ['not JSON', `a.${Buffer.from('not json').toString('base64url')}.c`],
    ['JSON but not an object', `a.${b64url(42)}.c`],
  ])('%s: Token格式不正确', (_name, token) => {
    expect(() => decodeLibraryToken(token)).toThrow('Token格式不正确');
  });
});

describe('isJwt', () => {
  test.each([
    [USER_TOKEN, true],
    [SHARE_TOKEN, true],
    [` ${USER_TOKEN} `, true],
    ['a.b', false],
    [`${b64url({ alg: 'HS256' })}.${b64url({})}`, false],
    [`x.${b64url({})}.sig`, false],
    ['', false],
  ])('%s → %s', (token, expected) => {
    expect(isJwt(token)).toBe(expected);
  });
});

describe('tokenCovers', () => {
  test('a user token without audios covers everything', () => {
    expect(tokenCovers(USER_TOKEN, 'any', 9, 9)).toBe(true);
  });

  test('a share token covers exactly its audios', () => {
    expect(tokenCovers(SHARE_TOKEN, ALBUM, 1, 5)).toBe(true);
    expect(tokenCovers(SHARE_TOKEN, ALBUM.toUpperCase(), 2, 3)).toBe(true);
    expect(tokenCovers(SHARE_TOKEN, ALBUM, 1, 3)).toBe(false);
    expect(tokenCovers(SHARE_TOKEN, ALBUM, 3, 1)).toBe(false);
    expect(tokenCovers(SHARE_TOKEN, 'other', 1, 1)).toBe(false);
  });

  test('a share-type token without audios and an unreadable token cover nothing', () => {
    expect(tokenCovers(jwt({ type: 'share' }), ALBUM, 1, 1)).toBe(false);
    expect(tokenCovers('garbage', ALBUM, 1, 1)).toBe(false);
  });

  test('sharing needs a share claim allowing the album', () => {
    expect(tokenCanShare(USER_TOKEN, ALBUM)).toBe(true);
    expect(tokenCanShare(USER_TOKEN, 'other')).toBe(false);
    expect(tokenCanShare(jwt({ type: 'user', share: { key_id: 'k', secret: 's' } }), 'other')).toBe(true);
    expect(tokenCanShare(jwt({ type: 'user' }), ALBUM)).toBe(false);
  });
});
