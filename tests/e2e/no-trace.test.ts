// Nothing of a library stays in the browser after sign-out (docs/architecture.md#nothing-kept-after-sign-out),
// in real Chromium with a profile on disk, as a user's is: sign in, play an album, sign out, close
// the browser, then read every file the profile holds (the HTTP cache, IndexedDB's LevelDB logs,
// the network state, the history…) for the library token. None may hold it, whole or its
// signature alone.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../tools/browser';
import { chromiumPath } from '../../tools/chromium';
import { signInAsDemo } from '../../tools/signIn';
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

test('signed in, an album played, signed out and the browser closed: no file of the profile holds the library token', async () => {
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAsDemo(page, server);
    // the token as the app is given it (asked so that this request itself leaves nothing behind)
    const token = (await page.evaluate(`fetch('/api/credential', { cache: 'no-store' }).then((answer) => answer.json()).then((body) => body.data[0].token)`)) as string;
    expect(token.split('.')).toHaveLength(3);

    await page.goto(`${server.baseUrl}/album/${ALBUM.album_id}`);
    await page.getByRole('heading', { name: ALBUM.title, exact: true }).waitFor();
    const playAll = page.getByRole('button', { name: '播放全部' });
    await expect.poll(() => playAll.isEnabled(), { timeout: 15_000 }).toBe(true);
    await playAll.click();
    // a track plays: the bar offers to pause it and its progress moves on
    const bar = page.locator('footer');
    await bar.getByRole('button', { name: '暂停', exact: true }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => Number(await bar.getByRole('slider', { name: '播放进度' }).getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(1);

    await page.getByRole('button', { name: '注销', exact: true }).click();
    await page.getByRole('link', { name: '登录' }).waitFor({ timeout: 15_000 });
    await context.close();

    const signature = token.split('.')[2]!;
    expect(await filesHolding(profile, { token, signature })).toEqual([]);
  } finally {
    await context.close().catch(() => {});
  }
});
