/**
 * Bundle size: builds the client, then measures what the first page loads (the entry script, its
 * modulepreload links and stylesheets from dist/index.html) gzip-compressed at level 9, and every
 * other chunk (route chunks loaded later). Sizes in kB = 1000 bytes, as Vite prints them.
 *
 * The first page past FIRST_PAGE_TARGET_KB fails the run (exit code 1, the line says by how much),
 * so it cannot creep: what a page does not need to draw and start a track loads after it.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { BenchModule } from './lib/types';
import { REPO_ROOT } from './lib/paths';

export const FIRST_PAGE_TARGET_KB = 150;
const DIST = join(REPO_ROOT, 'dist');

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Asset paths (relative to dist/) the first page loads: entry scripts, modulepreloads, stylesheets. */
export function firstPageAssets(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string): string | undefined =>
      new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) urls.push(src);
    } else {
      const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attr('href');
      if (href && (rel.includes('modulepreload') || rel.includes('stylesheet'))) urls.push(href);
    }
  }
  return [...new Set(urls.filter((url) => !/^[a-z]+:|^\/\//i.test(url)).map((url) => url.replace(/^\.?\//, '')))];
}

export async function measure(file: string): Promise<AssetSize> {
  const content = await readFile(join(DIST, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
}

const kb = (bytes: number): number => Math.round(bytes / 10) / 100;

export const bundleBench: BenchModule = {
  name: 'bundle',
  title: 'Bundle size (gzip -9)',
  async run() {
    await build({ root: REPO_ROOT, logLevel: 'warn' });
    const html = await readFile(join(DIST, 'index.html'), 'utf8');
    const firstPage = await Promise.all(firstPageAssets(html).map(measure));
    const firstPageFiles = new Set(firstPage.map((a) => a.file));
    const assets = (await readdir(join(DIST, 'assets'))).filter((f) => /\.(js|css)$/.test(f)).sort();
    const later = await Promise.all(
      assets
        .map((f) => `assets/${f}`)
        .filter((f) => !firstPageFiles.has(f))
        .map(measure),
    );
    const firstPageGzip = firstPage.reduce((sum, a) => sum + a.gzipBytes, 0);
    const withinTarget = firstPageGzip <= FIRST_PAGE_TARGET_KB * 1000;
    const target = `first page ≤ ${FIRST_PAGE_TARGET_KB} KB gzip`;
    const row = (part: string, a: AssetSize) => ({
      part,
      file: a.file,
      'raw kB': kb(a.bytes),
      'gzip kB': kb(a.gzipBytes),
      target: '',
    });
    const rows = [
      ...firstPage.map((a) => row('first page', a)),
      {
        part: 'first page total',
        file: `${firstPage.length} file(s)`,
        'raw kB': kb(firstPage.reduce((sum, a) => sum + a.bytes, 0)),
        'gzip kB': kb(firstPageGzip),
        target: `${target}: ${withinTarget ? 'yes' : 'NO'}`,
      },
      ...later.map((a) => row('route chunk', a)),
    ];
    return {
      rows,
      notes: [`First page JS+CSS: ${kb(firstPageGzip)} kB gzip (${target}: ${withinTarget ? 'within' : 'OVER'})`],
      data: {
        firstPage,
        firstPageGzipBytes: firstPageGzip,
        targetBytes: FIRST_PAGE_TARGET_KB * 1000,
        withinTarget,
        routeChunks: later,
      },
      failure: withinTarget
        ? undefined
        : `the first page is ${kb(firstPageGzip)} kB gzip, ${kb(firstPageGzip - FIRST_PAGE_TARGET_KB * 1000)} kB past its budget of ${FIRST_PAGE_TARGET_KB} kB`,
    };
  },
};
