import { describe, expect, test } from 'vitest';
import { getSiteInfo } from '@/services/api/info';
import { changePassword, getUserInfo, getUserInfoOrNull, login, logout, updateProfile } from '@/services/api/user';
import { register } from '@/services/api/register';
import { parseUserInfo } from '@/rules/userInfo';
import { addCredential, deleteCredential, listCredentials } from '@/services/api/credential';
import { ApiError, BadResponseError } from '@/services/api/errors';
import { envelope, fakeApi } from './fakeFetch';

const HASH_ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const HASH_EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const WIRE_USER = { user_id: '1', email: 'a@b.c', nickname: 'Mio', avatar: 'https://x/a.png', '2fa_enabled': true };
const USER = { userId: '1', email: 'a@b.c', nickname: 'Mio', avatar: 'https://x/a.png', twoFactorEnabled: true };

describe('site info', () => {
  test('GET /api/info, narrowed, __anniv-go ignored', async () => {
    const { api, last } = fakeApi(() =>
      envelope({
        site_name: 'Anniv',
        description: 'home',
        protocol_version: '1',
        features: ['2fa', 'invite', 3],
        '__anniv-go': { version: 'go1.22' },
      }),
    );
    await expect(getSiteInfo(api)).resolves.toEqual({
      siteName: 'Anniv',
      description: 'home',
      protocolVersion: '1',
      features: ['2fa', 'invite'],
    });
    expect(last().method).toBe('GET');
    expect(last().url.pathname).toBe('/api/info');
  });

  test('missing fields take their defaults', async () => {
    const { api } = fakeApi(() => envelope({ site_name: 'S' }));
    await expect(getSiteInfo(api)).resolves.toEqual({
      siteName: 'S',
      description: '',
      protocolVersion: '1',
      features: [],
    });
  });

  test('an answer that is not an object is a bad response', async () => {
    const { api } = fakeApi(() => envelope('nope'));
    await expect(getSiteInfo(api)).rejects.toBeInstanceOf(BadResponseError);
  });
});

describe('user', () => {
  test.each([
    [WIRE_USER, USER],
    [
      { userId: 7, nickname: 'N' },
      { userId: '7', email: '', nickname: 'N', avatar: '', twoFactorEnabled: false },
    ],
    [USER, USER],
    [{ userId: '1' }, null],
    [{ nickname: 'N' }, null],
    [{ userId: '', nickname: 'N' }, null],
    [null, null],
    ['user', null],
    [[WIRE_USER], null],
  ])('parseUserInfo %#', (input, expected) => {
    expect(parseUserInfo(input)).toEqual(expected);
  });

  test('getUserInfo: GET /api/user/info, narrowed', async () => {
    const { api, last } = fakeApi(() => envelope(WIRE_USER));
    await expect(getUserInfo(api)).resolves.toEqual(USER);
    expect(last().method).toBe('GET');
    expect(last().url.pathname).toBe('/api/user/info');
  });

  test('getUserInfoOrNull: 902002 gives null, other errors are thrown', async () => {
    const unauthorized = fakeApi(() => envelope(null, 902002, 'unauthorized'));
    await expect(getUserInfoOrNull(unauthorized.api)).resolves.toBeNull();
    const broken = fakeApi(() => envelope(null, 901001, 'read failed'));
    await expect(getUserInfoOrNull(broken.api)).rejects.toEqual(new ApiError(901001, 'read failed'));
  });

  test('login: email trimmed and lower-cased, password hashed, user narrowed', async () => {
    const { api, last } = fakeApi(() => envelope(WIRE_USER));
    await expect(login(api, { email: '  Mio@Example.COM ', password: 'abc' })).resolves.toEqual(USER);
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/api/user/login');
    expect(last().body).toEqual({ email: 'mio@example.com', password: HASH_ABC });
  });

  test('login with a 2FA code sends the literal key 2fa_code', async () => {
    const { api, last } = fakeApi(() => envelope(WIRE_USER));
    await login(api, { email: 'a@b.c', password: '', twoFactorCode: '123456' });
    expect(last().body).toEqual({ email: 'a@b.c', password: HASH_EMPTY, '2fa_code': '123456' });
  });

  test('login answer without a user is a bad response', async () => {
    const { api } = fakeApi(() => envelope(null));
    await expect(login(api, { email: 'a@b.c', password: 'abc' })).rejects.toBeInstanceOf(BadResponseError);
  });

  test('register without an invite code sends no invite_code', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await expect(register(api, { email: 'A@B.C', password: 'abc', nickname: 'Mio' })).resolves.toBeUndefined();
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/api/user/register');
    expect(last().body).toEqual({ email: 'a@b.c', password: HASH_ABC, nickname: 'Mio' });
  });

  test('register with an empty invite code sends no invite_code', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await register(api, { email: 'a@b.c', password: 'abc', nickname: 'Mio', inviteCode: '' });
    expect(last().body).not.toHaveProperty('invite_code');
  });

  test('register with an invite code sends invite_code', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await register(api, { email: 'a@b.c', password: 'abc', nickname: 'Mio', inviteCode: 'WELCOME' });
    expect(last().body).toEqual({ email: 'a@b.c', password: HASH_ABC, nickname: 'Mio', invite_code: 'WELCOME' });
  });

  test('logout: POST /api/user/logout without a body', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await logout(api);
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/api/user/logout');
    expect(last().rawBody).toBeUndefined();
  });

  test('updateProfile: PATCH /api/user/intro with nickname and avatar', async () => {
    const { api, last, calls } = fakeApi(() => envelope(null));
    await updateProfile(api, { nickname: 'Ren', avatar: 'https://x/r.png' });
    expect(calls).toHaveLength(1);
    expect(last().method).toBe('PATCH');
    expect(last().url.pathname).toBe('/api/user/intro');
    expect(last().body).toEqual({ nickname: 'Ren', avatar: 'https://x/r.png' });
  });

  test('changePassword: both passwords hashed, snake_case keys', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await changePassword(api, { oldPassword: 'abc', newPassword: '' });
    expect(last().method).toBe('PATCH');
    expect(last().url.pathname).toBe('/api/user/password');
    expect(last().body).toEqual({ old_password: HASH_ABC, new_password: HASH_EMPTY });
  });

  test('server errors reach the caller with the server message', async () => {
    const { api } = fakeApi(() => envelope(null, 102010, 'email and password does not match'));
    await expect(changePassword(api, { oldPassword: 'x', newPassword: 'y' })).rejects.toThrow(
      'email and password does not match',
    );
  });
});

describe('credentials', () => {
  const wire = {
    id: 'c002a816-7aa2-48e7-8281-c8c44c574dbd',
    controlled: true,
    name: 'Home',
    url: 'https://annil.example.com',
    token: 'eyJ',
    priority: 5,
  };

  test('list: GET /api/credential, narrowed with defaults, unreadable entries left out', async () => {
    const { api, last } = fakeApi(() =>
      envelope([wire, { id: 'c2', name: 'Other', url: 'https://b.example', token: 't' }, { id: 'broken' }, 7]),
    );
    await expect(listCredentials(api)).resolves.toEqual([
      { ...wire },
      { id: 'c2', name: 'Other', url: 'https://b.example', token: 't', priority: 0, controlled: false },
    ]);
    expect(last().method).toBe('GET');
    expect(last().url.pathname).toBe('/api/credential');
  });

  test('list: a null answer is an empty list', async () => {
    const { api } = fakeApi(() => envelope(null));
    await expect(listCredentials(api)).resolves.toEqual([]);
  });

  test('add: url sent as its origin, priority as a JSON number', async () => {
    const { api, last } = fakeApi((request) => envelope({ id: 'new', controlled: false, ...(request.body as object) }));
    const created = await addCredential(api, {
      name: 'Home',
      url: 'https://Annil.Example.com:8443/some/path/?q=1',
      token: 'tok',
      priority: '3' as unknown as number,
    });
    expect(last().method).toBe('POST');
    expect(last().url.pathname).toBe('/api/credential');
    expect(last().body).toEqual({ name: 'Home', url: 'https://annil.example.com:8443', token: 'tok', priority: 3 });
    expect(last().rawBody).toContain('"priority":3');
    expect(created).toEqual({
      id: 'new',
      name: 'Home',
      url: 'https://annil.example.com:8443',
      token: 'tok',
      priority: 3,
      controlled: false,
    });
  });

  test('add: an invalid url fails with the catalogue text and sends nothing', async () => {
    const { api, calls } = fakeApi(() => envelope(null));
    await expect(addCredential(api, { name: 'x', url: 'not a url', token: 't', priority: 0 })).rejects.toThrow(
      'URL格式不正确',
    );
    expect(calls).toHaveLength(0);
  });

  test('delete: DELETE /api/credential with body {id}', async () => {
    const { api, last } = fakeApi(() => envelope(null));
    await deleteCredential(api, 'c1');
    expect(last().method).toBe('DELETE');
    expect(last().url.pathname).toBe('/api/credential');
    expect(last().body).toEqual({ id: 'c1' });
  });
});
