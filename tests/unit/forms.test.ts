// The form rules (docs/behaviour.md#form-checks), and the bounds the server holds too, checked before anything is sent.
import { describe, expect, test } from 'vitest';
import { libraryError } from '@/features/library/forms';
import { formForLanguage, lyricErrorField, lyricFormError } from '@/features/lyrics/forms';
import { LYRIC_MAX_BYTES } from '@/shared/constants';
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

describe('the lyrics editor: the language, then the text (an LRC line by line), at most 65,536 bytes', () => {
  const source = { part: 'source' as const, sourceLanguage: 'zh-CN' };
  const adding = { part: 'source' as const, sourceLanguage: null };
  const translation = { part: 'translation' as const, sourceLanguage: 'zh-CN' };
  const form = (language: string, data = '港口的灯', type: 'lrc' | 'text' = 'text') => ({ type, language, data });

  test.each([
    ['', adding, text.lyrics.languageRequired],
    ['x', adding, text.lyrics.languageInvalid],
    ['zh_CN', adding, text.lyrics.languageInvalid],
    // as the reference server takes them: a 2–3 letter language first
    ['chinese', adding, text.lyrics.languageInvalid],
    ['12-CN', adding, text.lyrics.languageInvalid],
    ['zh-Hant-TW', adding, null],
    // 35 characters at most: zh- and four subtags of 8 are 38
    [`zh${'-abcdefgh'.repeat(4)}`, adding, text.lyrics.languageInvalid],
    [`zh${'-abcdefgh'.repeat(3)}-abcde`, adding, null],
    [' ja ', adding, null],
    ['ja', source, text.lyrics.sourceLanguageChanged('zh-CN')],
    ['zh-cn', source, null],
    ['ZH-CN', translation, text.lyrics.sameAsSource('zh-CN')],
    ['en', translation, null],
  ])('language %j (%o) → %s', (language, rules, expected) => {
    expect(lyricFormError(form(language), rules)).toBe(expected);
    if (expected) expect(lyricErrorField(form(language), rules)).toBe('language');
  });

  test('the text: required, at most LYRIC_MAX_BYTES in UTF-8, an LRC checked line by line', () => {
    expect(lyricFormError(form('ja', ' \n '), adding)).toBe(text.lyrics.textRequired);
    expect(lyricFormError(form('ja', 'a'.repeat(LYRIC_MAX_BYTES)), adding)).toBeNull();
    // 21,846 characters of three bytes each
    expect(lyricFormError(form('ja', '港'.repeat(21_846)), adding)).toBe(text.lyrics.tooLong('65,536', '65,538'));
    expect(lyricFormError(form('ja', '[00:01.00]a\n[01:75.00]b', 'lrc'), adding)).toBe(
      '第 2 行的时间 [01:75.00] 不对：秒数应小于 60',
    );
    expect(lyricFormError(form('ja', '[00:01.00]a\nb', 'lrc'), adding)).toBe(text.lyrics.lrcNotTimed(2));
    expect(lyricFormError(form('ja', '[00:1.00]a', 'lrc'), adding)).toBe(text.lyrics.lrcBadStamp(1, '[00:1.00]'));
    expect(lyricFormError(form('ja', '[offset:soon]\n[00:01.00]a', 'lrc'), adding)).toBe(text.lyrics.lrcBadOffset(1));
    expect(lyricFormError(form('ja', '[ti:港灯]', 'lrc'), adding)).toBe(text.lyrics.lrcNoTimedLine);
    // the same text as plain text is fine
    expect(lyricFormError(form('ja', '[ti:港灯]'), adding)).toBeNull();
    expect(lyricErrorField(form('ja', '[ti:港灯]', 'lrc'), adding)).toBe('data');
  });

  test("a translation's language fills the form with that translation while nothing was typed", () => {
    const english = { type: 'lrc' as const, language: 'en', data: '[00:01.00]Lights', contributor: null };
    const empty = form('', '');
    expect(formForLanguage(empty, 'EN', [english], '')).toEqual({ type: 'lrc', language: 'EN', data: english.data });
    // another language the track does not have: an empty text again
    const filled = { type: 'lrc' as const, language: 'en', data: english.data };
    expect(formForLanguage(filled, 'ja', [english], english.data)).toEqual({ type: 'lrc', language: 'ja', data: '' });
    // typed text stays
    expect(formForLanguage(form('ja', 'typed'), 'en', [english], '')).toEqual(form('en', 'typed'));
  });
});
