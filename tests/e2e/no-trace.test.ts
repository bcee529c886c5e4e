// Nothing of a library stays in the browser after sign-out (docs/architecture.md#nothing-kept-after-sign-out),
// in real Chromium with a profile on disk, as a user's is: sign in, play an album, sign out, close
// the browser, then read every file the profile holds (the HTTP cache, IndexedDB's LevelDB logs,
// the network state, the history…) for the library token. None may hold it, whole or its
// signature alone. And a library whose CORS answer does not allow the header still plays.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, launchBrowser, newPage } from '../../harness/browser';
import { chromiumPath } from '../../harness/chromium';
import { signInAsDemo } from '../../harness/signIn';
import { DEMO_ALBUMS } from '../../server/demo/catalog';
import { startServer, type TestServer } from './support/server';

const ALBUM = DEMO_ALBUMS[0]!;

let server: TestServer;
let profile: string;

beforeAll(async () => {
  [server, profile] = await Promise.all([startServer(), mkdtemp(join(tmpdir(), 'anniv-profile-'))]);
});
afterAll(async () => {
  await server?.stop();
  if (profile) await rm(profile, { recursive: true, force: true });
});

/** every file under `dir`, at any depth */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** the profile's files holding any of `needles` (as bytes, anywhere in the file), with what each holds */
async function filesHolding(dir: string, needles: Record<string, string>): Promise<string[]> {
  const found: string[] = [];
  for (const file of await filesUnder(dir)) {
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) continue;
    const held = Object.entries(needles).filter(([, needle]) => bytes.includes(needle));
    if (held.length > 0) found.push(`${file.slice(dir.length + 1)}: ${held.map(([name]) => name).join(', ')}`);
  }
  return found;
}

/** the token of the demo user's library, asked so that this request itself leaves nothing behind */
const libraryToken = (page: Page) =>
  page.evaluate(
    `fetch('/api/credential', { cache: 'no-store' }).then((answer) => answer.json()).then((body) => body.data[0].token)`,
  ) as Promise<string>;

/** on the album page: 播放全部, then waits until a track plays (the bar offers to pause it and its progress moves on) */
async function playAlbum(page: Page): Promise<void> {
  await page.goto(`${server.baseUrl}/album/${ALBUM.album_id}`);
  await page.getByRole('heading', { name: ALBUM.title, exact: true }).waitFor();
  const playAll = page.getByRole('button', { name: '播放全部' });
  await expect.poll(() => playAll.isEnabled(), { timeout: 15_000 }).toBe(true);
  await playAll.click();
  const bar = page.locator('footer');
  await bar.getByRole('button', { name: '暂停', exact: true }).waitFor({ timeout: 20_000 });
  await expect
    .poll(async () => Number(await bar.getByRole('slider', { name: '播放进度' }).getAttribute('aria-valuenow')), {
      timeout: 20_000,
    })
    .toBeGreaterThan(1);
}

test('signed in, an album played, signed out and the browser closed: no file of the profile holds the library token', async () => {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAsDemo(page, server);
    const token = await libraryToken(page);
    expect(token.split('.')).toHaveLength(3);
    await playAlbum(page);

    await page.getByRole('button', { name: '注销', exact: true }).click();
    await page.getByRole('link', { name: '登录' }).waitFor({ timeout: 15_000 });
    await context.close();

    const signature = token.split('.')[2]!;
    expect(await filesHolding(profile, { token, signature })).toEqual([]);
  } finally {
    await context.close().catch(() => {});
  }
});

test("a library whose CORS answer does not allow Authorization (annil's `*` read as the Fetch standard says) is asked with ?auth= instead, and plays", async () => {
  // in front of the real library: preflights answered without Authorization among the allowed headers
  const seen: { method: string; path: string; header: boolean; query: boolean }[] = [];
  const proxy = createServer((req, res) => {
    const url = new URL(req.url ?? '/', server.libraryUrl);
    seen.push({
      method: req.method ?? '',
      path: url.pathname,
      header: req.headers.authorization !== undefined,
      query: url.searchParams.has('auth'),
    });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD',
        'Access-Control-Allow-Headers': 'Range, If-None-Match',
      });
      res.end();
      return;
    }
    const passed: Record<string, string> = {};
    for (const name of ['range', 'authorization'])
      if (typeof req.headers[name] === 'string') passed[name] = req.headers[name];
    void fetch(url, { method: req.method, headers: passed })
      .then(async (answer) => {
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (name !== 'transfer-encoding' && name !== 'connection') headers[name] = value;
        });
        res.writeHead(answer.status, headers);
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const browser = await launchBrowser();
  try {
    const { page, expectNoErrors } = await newPage(browser, {
      ignoreConsole: [/CORS|Failed to load resource|ERR_FAILED/],
    });
    await signInAsDemo(page, server);
    const token = await libraryToken(page);
    // the same library through the proxy, first in priority
    const body = JSON.stringify({
      name: 'proxy',
      url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      token,
      priority: 100,
    });
    const added = await page.evaluate(
      `fetch('/api/credential', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(body)} }).then((answer) => answer.json()).then((body) => body.status)`,
    );
    expect(added).toBe(0);
    // its albums are known once the library page counts them
    await page.goto(`${server.baseUrl}/library`);
    await page.getByText(/: 100 · \d+ 张专辑$/).waitFor({ timeout: 20_000 });
    await playAlbum(page);

    // the album list and the track reached the library, each with ?auth=: the header was refused at
    // the preflight (the info and covers need no token)
    const withToken = seen.filter(
      (request) => request.method !== 'OPTIONS' && (request.path === '/albums' || /\/\d+\/\d+$/.test(request.path)),
    );
    expect(withToken.map((request) => request.path)).toEqual(
      expect.arrayContaining(['/albums', `/${ALBUM.album_id}/1/1`]),
    );
    expect(withToken.filter((request) => request.header || !request.query)).toEqual([]);
    expect(seen.some((request) => request.method === 'OPTIONS')).toBe(true);
    expectNoErrors();
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  }
});
