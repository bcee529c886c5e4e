// The form rules (docs/behaviour.md#form-checks), and the bounds the server holds too, checked before anything is sent.
import { describe, expect, test } from 'vitest';
import { libraryError } from '@/features/library/forms';
import { profileError } from '@/features/account/forms';
import { registerError } from '@/features/session/forms';
import { text } from '@/shared/text';

const register = { email: 'a@b.c', password: 'p', repeatPassword: 'p', nickname: 'Mio', inviteCode: '' };
const library = { name: 'Home', url: 'https://home.example', token: 'aaa.bbb.ccc', priority: '0' };

describe('nickname bound: 20 bytes, as anniv-go counts them', () => {
  test.each([
    ['a'.repeat(20), null],
    ['a'.repeat(21), text.auth.nicknameTooLong(20)],
    ['六个汉字六个', null], // 18 bytes
    ['七个汉字七个字', text.auth.nicknameTooLong(20)], // 21 bytes
  ])('%s → %s', (nickname, expected) => {
    expect(registerError({ ...register, nickname }, false)).toBe(expected);
    expect(profileError({ nickname, avatar: 'a.png' })).toBe(expected);
  });

  test('the spec order comes first: a blank nickname is 昵称不能为空', () => {
    expect(registerError({ ...register, nickname: '  ' }, false)).toBe(text.auth.nicknameRequired);
  });
});

test('an avatar address of more than 2,000 characters is refused', () => {
  expect(profileError({ nickname: 'Mio', avatar: `https://x/${'a'.repeat(2_000)}` })).toBe(
    text.user.avatarTooLong(2_000),
  );
  expect(profileError({ nickname: 'Mio', avatar: 'https://x/a.png' })).toBeNull();
});

describe('library form bounds, after the spec order', () => {
  test.each([
    [{ name: 'n'.repeat(201) }, text.library.tooLong(text.library.name, 200)],
    [{ url: `https://home.example/${'p'.repeat(2_000)}` }, text.library.tooLong(text.library.url, 2_000)],
    [{ token: `aaa.${'b'.repeat(10_000)}.ccc` }, text.library.tooLong(text.library.token, 10_000)],
    [{}, null],
  ])('%j → %s', (change, expected) => {
    expect(libraryError({ ...library, ...change })).toBe(expected);
  });

  test('an empty name is still 名称不能为空 first', () => {
    expect(libraryError({ ...library, name: '' })).toBe(text.library.nameRequired);
  });
});
