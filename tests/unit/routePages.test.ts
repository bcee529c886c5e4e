import { describe, expect, test } from 'vitest';
import { LAZY_PAGES } from '@/app/routeTable';
import { pageFiles, withPreloads, type ChunkInfo } from '../../build/routePages';

// The build step that names each route's files (build/routePages.ts), over a made-up bundle.
const ROOT = '/repo';
const chunk = (fileName: string, extra: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  name: fileName.replace(/^assets\/|-.*$/g, ''),
  facadeModuleId: null,
  isEntry: false,
  imports: [],
  css: [],
  ...extra,
});

function bundle(): ChunkInfo[] {
  const pages = Object.entries(LAZY_PAGES).map(([name, source]) =>
    chunk(`assets/${name}-1.js`, {
      facadeModuleId: `${ROOT}/${source}`,
      imports: ['assets/index-1.js', 'assets/lazy-1.js'],
    }),
  );
  return [
    chunk('assets/index-1.js', { isEntry: true, css: ['assets/index-1.css'] }),
    chunk('assets/lazy-1.js', { imports: ['assets/index-1.js', 'assets/icons-1.js'], css: ['assets/lazy-1.css'] }),
    chunk('assets/icons-1.js', { imports: ['assets/lazy-1.js'] }), // a cycle is walked once
    chunk('assets/data-1.js', { imports: ['assets/index-1.js'] }),
    chunk('assets/ShareDialog-1.js', { imports: ['assets/lazy-1.js'] }), // loaded on a click: not preloaded
    ...pages,
  ];
}

describe('pageFiles', () => {
  test("a page's chunk, everything it imports (not the entry), their CSS and the data chunk, scripts first", () => {
    const files = pageFiles(bundle(), ROOT);
    expect(files.get('AlbumPage')).toEqual([
      'assets/AlbumPage-1.js',
      'assets/data-1.js',
      'assets/icons-1.js',
      'assets/lazy-1.js',
      'assets/lazy-1.css',
    ]);
    expect([...files.keys()].sort()).toEqual(Object.keys(LAZY_PAGES).sort());
  });

  test('a page without its chunk fails the build, naming it', () => {
    const withoutAlbum = bundle().filter((c) => c.fileName !== 'assets/AlbumPage-1.js');
    expect(() => pageFiles(withoutAlbum, ROOT)).toThrow(/no chunk for AlbumPage/);
  });
});

describe('withPreloads', () => {
  test('links go at the end of <head>: modulepreload for scripts, stylesheet for CSS', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withPreloads(html, ['assets/a.js', 'assets/a.css'])).toBe(
      '<html><head><title>x</title>\n    <link rel="modulepreload" crossorigin href="/assets/a.js">\n    <link rel="stylesheet" crossorigin href="/assets/a.css">\n  </head><body></body></html>',
    );
  });
});
