/**
 * Smart playlists over a big library in real headless Chromium (bench/smartLists/entry.ts): a
 * library of 100,000 synthetic albums (ten tracks each, bench/lib/catalogue.ts) is stored through
 * the app's library worker; the app's smart-lists worker reads their facts from `/api/meta/album`
 * (served here from memory, enveloped as the site does) and works out lists over a million
 * tracks with a heavy listener's data (plays, likes, playlists). Reported by `npm run bench -- lists`.
 * Nothing here asserts speed; a wrong result fails the run.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { launchBrowser } from '../../harness/browser';
import { buildEntry } from '../lib/buildEntry';
import { syntheticCatalogue } from '../lib/catalogue';
import type { BenchListener, SmartListsTimings } from './entry';
import { heavyListener } from './listener';

export const SMART_LIST_ALBUMS = 100_000;
const PAGE =
  '<!doctype html><meta charset="utf-8"><title>smart lists bench</title><script type="module" src="/entry.js"></script>';

function serve(outDir: string, ids: string[], albums: Map<string, unknown>): Promise<Server> {
  const idsJson = JSON.stringify(ids);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, type: string, body: string | Buffer) =>
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (url.pathname === '/') return send(200, 'text/html', PAGE);
    if (url.pathname === '/albums') return send(200, 'application/json', idsJson);
    if (url.pathname === '/api/meta/album') {
      const data = Object.fromEntries(url.searchParams.getAll('id[]').map((id) => [id, albums.get(id) ?? null]));
      return send(200, 'application/json', JSON.stringify({ status: 0, message: 'OK', data }));
    }
    const file = join(outDir, normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    readFile(file).then(
      (body) => send(200, extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream', body),
      () => send(404, 'text/plain', 'not found'),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function measureSmartLists(): Promise<SmartListsTimings> {
  const outDir = await mkdtemp(join(tmpdir(), 'anniv-smart-lists-bench-'));
  const { ids, meta } = syntheticCatalogue(SMART_LIST_ALBUMS);
  const [browser, server] = await Promise.all([
    launchBrowser(),
    buildEntry('bench/smartLists/entry.ts', outDir).then(() => serve(outDir, ids, meta.albums)),
  ]);
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'smartListsBench' in window);
    const data = heavyListener(ids, Math.floor(Date.now() / 1000));
    // maps cross as their entries
    const sent = { ...data, playedWithin: [...data.playedWithin], playlists: [...data.playlists] };
    const timings = await page.evaluate(
      ([url, listener]) => window.smartListsBench.run(url, listener as BenchListener),
      [origin, sent] as const,
    );
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    await context.close();
    return timings;
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    await rm(outDir, { recursive: true, force: true });
  }
}
