// @vitest-environment happy-dom
// The page title: the site's own title, `track title | site name` while a track plays, and offline
// (no site info read) the site name last read, kept in localStorage `ui.siteName` and read back by shape.
import { afterEach, describe, expect, test } from 'vitest';
import { documentTitle } from '@/rules/site';
import { readLocal, writeLocal } from '@/storage/local';
import { SITE_NAME_MAX } from '@/shared/constants';

const separators = { title: ' - ', track: ' | ' };
const site = { siteName: '港口电台', description: '夜里的歌' };

describe('the page title', () => {
  test('the site and its description; while a track plays, the track and the site name', () => {
    expect(documentTitle(site, null, null, separators)).toBe('港口电台 - 夜里的歌');
    expect(documentTitle({ ...site, description: '' }, null, null, separators)).toBe('港口电台');
    expect(documentTitle(site, '港灯', '旧名字', separators)).toBe('港灯 | 港口电台');
  });

  test('offline, the name last read stands in; with none, the track alone; nothing playing leaves the title', () => {
    expect(documentTitle(null, '港灯', '港口电台', separators)).toBe('港灯 | 港口电台');
    expect(documentTitle(null, '港灯', null, separators)).toBe('港灯');
    expect(documentTitle(null, null, '港口电台', separators)).toBeNull();
  });
});

describe('ui.siteName', () => {
  afterEach(() => localStorage.clear());

  test('kept and read back; anything but a string of at most 200 characters reads as none', () => {
    expect(readLocal('ui.siteName')).toBeNull();
    writeLocal('ui.siteName', '港口电台');
    expect(readLocal('ui.siteName')).toBe('港口电台');
    for (const raw of ['42', '{"a":1}', JSON.stringify('x'.repeat(SITE_NAME_MAX + 1))]) {
      localStorage.setItem('ui.siteName', raw);
      expect(readLocal('ui.siteName')).toBeNull();
    }
  });
});
