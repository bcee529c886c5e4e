import { describe, expect, test } from 'vitest';
import {
  albumCoverUrl,
  audioUrl,
  discCoverUrl,
  libraryAlbumsUrl,
  libraryBase,
  libraryInfoUrl,
  libraryOrigin,
  sameLibrary,
  withQuery,
} from '@/services/libraryUrls';

const LIB = 'https://annil.example.com';

describe('the form a library URL is stored and compared in', () => {
  test.each([
    [' https://annil.example.com/some/path/?q=1 ', LIB],
    ['http://127.0.0.1:8081', 'http://127.0.0.1:8081'],
    ['HTTPS://Annil.Example.com:443/', LIB],
    ['ftp://annil.example.com', null],
    ['not a url', null],
    ['', null],
  ])('origin of %j is %j', (url, expected) => {
    expect(libraryOrigin(url)).toBe(expected);
  });

  test.each([
    ['https://annil.example.com//', LIB],
    [' https://annil.example.com/lib/ ', `${LIB}/lib`],
    ['HTTPS://ANNIL.example.com:443', LIB],
    ['https://annil.example.com/lib?x=1#y', `${LIB}/lib`],
    ['not a url/', 'not a url'],
  ])('base of %j is %j', (url, expected) => {
    expect(libraryBase(url)).toBe(expected);
  });

  test('the same library whatever the trailing slash or case of the host; another path is another library', () => {
    expect(sameLibrary('https://home.example/', 'https://HOME.example')).toBe(true);
    expect(sameLibrary('https://home.example/a', 'https://home.example/b')).toBe(false);
    expect(sameLibrary('https://home.example', 'http://home.example')).toBe(false);
  });
});

describe('routes (docs/behaviour.md#streaming-and-library-choice, docs/protocol.md#library-server-annil)', () => {
  test('info needs no token; the album list and audio carry it encoded', () => {
    expect(libraryInfoUrl(`${LIB}/`)).toBe(`${LIB}/info`);
    expect(libraryAlbumsUrl(LIB, 'x.y+z/=')).toBe(`${LIB}/albums?auth=x.y%2Bz%2F%3D`);
    expect(audioUrl(`${LIB}/`, 'x.y+z/=', { albumId: 'a1', discId: 2, trackId: 7 })).toBe(
      `${LIB}/a1/2/7?auth=x.y%2Bz%2F%3D`,
    );
  });

  test('album and disc covers need no token', () => {
    expect(albumCoverUrl(LIB, 'a1')).toBe(`${LIB}/a1/cover`);
    expect(discCoverUrl(`${LIB}/`, 'a1', 2)).toBe(`${LIB}/a1/2/cover`);
  });

  test('a library under a path keeps it', () => {
    expect(audioUrl(`${LIB}/annil/`, 't', { albumId: 'a1', discId: 1, trackId: 1 })).toBe(`${LIB}/annil/a1/1/1?auth=t`);
  });

  test.each([
    ['https://x/a?auth=t', { quality: 'low' }, 'https://x/a?auth=t&quality=low'],
    ['https://x/a', { quality: 'low', _xcw: '1' }, 'https://x/a?quality=low&_xcw=1'],
    ['https://x/a?auth=t', {}, 'https://x/a?auth=t'],
  ])('withQuery: %s + %j → %s', (url, params, expected) => {
    expect(withQuery(url, params)).toBe(expected);
  });
});
