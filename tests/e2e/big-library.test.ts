// A library of 100,000 albums in real Chromium. While the app syncs it for the first time
// (library info, album list, the availability map's blocks, library record), the track that plays
// keeps playing with its progress shown second by second, and clicks on the player bar take effect
// while the sync still runs, 下一首 too, which reads the availability map; afterwards its album list
// opens at page 3,000.
//
// The sync is held in progress by the test, not by its own slowness: its last write (the library's
// record) waits on a transaction the test keeps open until the clicks have taken effect. A page frozen by the sync would show no progress until it ends: the shown seconds would
// jump. So the test records, in the page, every second the progress bar shows and whether 同步中
// showed with it, and asks for an unbroken run of seconds up to the sync's end; it never measures
// durations.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { serveAlbumList } from '../../harness/albumListLibrary';
import { newPage } from '../../harness/browser';
import { openSignedIn, pathAndQuery } from '../../harness/signIn';
import { addLibraryOnPage } from './support/libraries';
import { serverAndBrowser } from './support/suite';

const ALBUMS = 100_000;
const BIG_LIBRARY = '十万专辑仓库';
const DAY_NIGHT_ALBUM = 'b5e2c7a9-1f3d-4b6e-8a2c-9d0e1f2a3b04'; // 昼/夜 Day/Night
const LONG_TRACK = '漫长的潮汐 (Extended)'; // 10:30, so it plays through the whole sync
const NEXT_TRACK = '再一次黎明'; // the album's track after it
/** under load a sync takes longer, never shorter; what is waited for has room */
const SYNC_TIMEOUT_MS = 120_000;

const suite = serverAndBrowser();

// Kept a string: a function would be serialised after the test transform.
/** records each second the progress bar shows and each label of the main button, with whether 同步中 showed then */
const RECORDER = `(() => {
  const seen = { seconds: [], labels: [], titles: [], endedAt: null };
  window.__seen = seen;
  const syncing = () => (document.body ? document.body.textContent : '').includes('同步中');
  const slider = () => document.querySelector('footer [role="slider"][aria-label="播放进度"]');
  const button = () => [...document.querySelectorAll('footer button')].find((b) => /^(播放|暂停)$/.test(b.getAttribute('aria-label') || ''));
  let second = null;
  let label = null;
  let wasSyncing = false;
  let title = null;
  const observer = new MutationObserver(() => {
    const playing = document.querySelector('footer p') && document.querySelector('footer p').textContent;
    if (playing && playing !== title) {
      title = playing;
      seen.titles.push({ title, syncing: syncing(), at: Math.round(performance.now()) });
    }
    const now = slider() && Number(slider().getAttribute('aria-valuenow'));
    if (now !== null && now !== second) {
      second = now;
      seen.seconds.push({ second: now, title, syncing: syncing(), at: Math.round(performance.now()) });
    }
    // the second shown when 同步中 goes away
    if (wasSyncing && !syncing() && seen.endedAt === null) seen.endedAt = { second, title };
    wasSyncing = syncing();
    const shown = button() && button().getAttribute('aria-label');
    if (shown && shown !== label) {
      label = shown;
      seen.labels.push({ label: shown, syncing: syncing(), at: Math.round(performance.now()) });
    }
  });
  // an init script runs before the document has an element to observe
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true }),
  );
})()`;

// Kept a string too; the names are LIBRARY_DB_NAME and LIBRARY_STORE of src/. Resolves once its read-write transaction on the library records is active; keeps
// it active (one read after another) until __releaseLibraryRecords is set.
const HOLD_LIBRARY_RECORDS = `new Promise((resolve, reject) => {
  const open = indexedDB.open('library');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const store = db.transaction('library_info', 'readwrite').objectStore('library_info');
    const spin = () => {
      if (window.__releaseLibraryRecords) return db.close();
      store.get('').onsuccess = spin;
    };
    store.get('').onsuccess = () => { resolve(); spin(); };
  };
})`;

interface Seen {
  /** `at`: the page's clock, only for the failure message */
  seconds: { second: number; title: string | null; syncing: boolean; at: number }[];
  labels: { label: string; syncing: boolean; at: number }[];
  /** the player bar's title */
  titles: { title: string; syncing: boolean; at: number }[];
  /** the second (and track) the progress bar showed when 同步中 went away */
  endedAt: { second: number; title: string | null } | null;
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Seen }).__seen);

/** the seconds shown while syncing, one list per track (a new track starts again from 0) */
function secondsPerTrack({ seconds }: Seen): Map<string | null, number[]> {
  const tracks = new Map<string | null, number[]>();
  for (const { second, title, syncing } of seconds) {
    if (syncing) tracks.set(title, [...(tracks.get(title) ?? []), second]);
  }
  return tracks;
}

describe('a library of 100,000 albums', () => {
  test(
    'during its first sync the track plays on, its progress shown every second, and 暂停, 播放 and 下一首 work; then page 3,000 of its list opens',
    async () => {
      const ids: string[] = Array.from({ length: ALBUMS }, () => randomUUID());
      const library = await serveAlbumList(ids);
      const { page, expectNoErrors, close } = await newPage(suite.browser);
      try {
        await page.addInitScript(RECORDER);
        await openSignedIn(page, suite.server, `/album/${DAY_NIGHT_ALBUM}`);
        const row = page
          .locator('main')
          .getByRole('listitem')
          .filter({ has: page.getByText(LONG_TRACK, { exact: true }) });
        const play = row.getByRole('button', { name: '播放', exact: true });
        await expect.poll(() => play.isEnabled(), { timeout: 15_000 }).toBe(true);
        await play.click();
        const mainButton = page.locator('footer').getByRole('button', { name: /^(播放|暂停)$/ });
        await expect.poll(() => mainButton.getAttribute('aria-label'), { timeout: 15_000 }).toBe('暂停');

        // the sync's last write, the library's record, is held until the clicks below have taken
        // effect: the sync is then in progress (同步中 shown, the availability map written or being
        // written) whatever its speed. A transaction the page keeps open on the library records does
        // it, taken before the album list goes through; IndexedDB has no timeout to run into.
        await page.route(`${library.url}/albums*`, async (route) => {
          await page.evaluate(HOLD_LIBRARY_RECORDS);
          await route.continue();
        });

        // to the libraries page within the app (the player plays on), and add the big library
        await page.getByRole('link', { name: '音频仓库', exact: true }).first().click();
        await page.waitForURL((url) => url.pathname === '/library');
        await page.getByRole('article').first().waitFor();
        await addLibraryOnPage(page, BIG_LIBRARY, library.url);
        const item = page.getByRole('article', { name: BIG_LIBRARY });
        await item.getByText('同步中', { exact: true }).waitFor();

        // two more seconds shown while syncing, then clicks on the player bar take effect while the
        // sync still runs: 下一首 (it reads the next track's library from the availability map), 暂停,
        // and 播放 again
        const syncingSeconds = async () => (await seen(page)).seconds.filter((s) => s.syncing).length;
        const before = await syncingSeconds();
        await expect.poll(syncingSeconds, { timeout: SYNC_TIMEOUT_MS }).toBeGreaterThanOrEqual(before + 2);
        await page.locator('footer').getByRole('button', { name: '下一首' }).click();
        await expect
          .poll(async () => (await seen(page)).titles.at(-1), { timeout: SYNC_TIMEOUT_MS })
          .toMatchObject({ title: NEXT_TRACK, syncing: true });
        await expect.poll(() => mainButton.getAttribute('aria-label'), { timeout: SYNC_TIMEOUT_MS }).toBe('暂停');
        await mainButton.click();
        await expect.poll(async () => (await seen(page)).labels.at(-1)).toMatchObject({ label: '播放', syncing: true });
        await mainButton.click();
        await expect.poll(async () => (await seen(page)).labels.at(-1)).toMatchObject({ label: '暂停', syncing: true });
        // the record goes in: the sync ends while the next track plays on
        await library.served;
        await page.evaluate(
          () => ((window as unknown as { __releaseLibraryRecords: boolean }).__releaseLibraryRecords = true),
        );

        await item.getByText(`${ALBUMS} 张专辑`, { exact: false }).waitFor({ timeout: SYNC_TIMEOUT_MS });
        await item.getByText('同步中', { exact: true }).waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });
        // from the first to the last second shown while syncing, every one was shown: a freeze of the
        // page (the writes took over 2 s on its thread) skips the seconds it lasts
        const record = await seen(page);
        const why = JSON.stringify(record);
        const tracks = secondsPerTrack(record);
        expect(tracks.get(LONG_TRACK)?.length ?? 0, why).toBeGreaterThanOrEqual(2);
        expect(tracks.get(NEXT_TRACK)?.length ?? 0, why).toBeGreaterThanOrEqual(1);
        for (const shown of tracks.values())
          expect(
            shown.slice(1).every((second, i) => second === shown[i]! + 1),
            why,
          ).toBe(true);
        // and up to its end: a freeze that ends with the sync shows the seconds it lasted only then
        const last = tracks.get(record.endedAt!.title)?.at(-1);
        expect(last, why).toBeDefined();
        expect(record.endedAt!.second - last!, why).toBeLessThanOrEqual(1);

        // page 3,000 of its album list: that page's 30 albums are asked for, no others
        const asked: string[][] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname === '/api/meta/album') asked.push(url.searchParams.getAll('id[]'));
        });
        await item.getByRole('link', { name: BIG_LIBRARY, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/album/list');
        const listPath = pathAndQuery(page.url());
        await page.evaluate((path) => history.pushState(null, '', `${path}&page=3000`), listPath);
        const paging = page.getByRole('navigation', { name: '分页' });
        await expect
          .poll(() => paging.getByRole('button', { name: '第 3000 页' }).getAttribute('aria-current'))
          .toBe('page');
        await page.getByText(`共 ${Math.floor(ALBUMS / 30) + 1} 页`, { exact: true }).waitFor();
        await expect
          .poll(() => asked.some((list) => list.length === 30 && list.every((id, i) => id === ids[2999 * 30 + i])))
          .toBe(true);
        expect(asked.flat().every((id) => ids.indexOf(id) < 30 || ids.indexOf(id) >= 2999 * 30)).toBe(true);
        expectNoErrors();
      } finally {
        await close();
        await library.close();
      }
    },
    3 * SYNC_TIMEOUT_MS,
  );
});
