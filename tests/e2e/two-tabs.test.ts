// Two tabs of one browser: the app in one re-syncs a changed library of 24,000 albums while the
// other keeps asking which albums the library holds, for albums spread over its blocks. Each answer
// must be the library's whole old list or its whole new one, never part of each: the sync writes a
// library in one transaction, and a reader reads the head and the blocks it points at in one.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { serveAlbumList } from '../../harness/albumListLibrary';
import { newPage } from '../../harness/browser';
import { openSignedIn } from '../../harness/signIn';
import { addLibraryOnPage } from './support/libraries';
import { serverAndBrowser } from './support/suite';

const NAME = '两个标签页的仓库';
const HALF = 12_000;
const PROBES = 8;
const SYNC_TIMEOUT_MS = 120_000;

const suite = serverAndBrowser();

interface Answer {
  /** how many of the probes only the old list has, and only the new list has, the library held */
  old: number;
  fresh: number;
}

// Kept a string: a function would be serialised after the test transform. The reader asks as the
// app does (docs/architecture.md#local-album-data): the library's head, then the block each album
// would be in, by binary search over the blocks' first ids, all in one read transaction.
const READER = `(async ({ url, oldProbes, newProbes }) => {
  const request = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
  const db = await request(indexedDB.open('album'));
  db.onversionchange = () => db.close();
  const holds = async (tx, head, id) => {
    let found = -1;
    head.firsts.forEach((first, i) => { if (first <= id) found = i; });
    if (found < 0) return false;
    const block = await request(tx.objectStore('album_library_map').get([url, found]));
    return Boolean(block && block.ids.split('\\n').includes(id));
  };
  const answers = [];
  window.__reader = { answers, stop: false };
  while (!window.__reader.stop) {
    const tx = db.transaction(['album_library_heads', 'album_library_map'], 'readonly');
    const head = await request(tx.objectStore('album_library_heads').get(url));
    if (!head) continue;
    const held = async (ids) => (await Promise.all(ids.map((id) => holds(tx, head, id)))).filter(Boolean).length;
    answers.push({ old: await held(oldProbes), fresh: await held(newProbes) });
  }
  db.close();
})`;

describe('two tabs', () => {
  test(
    'a re-sync in one tab: the other never sees the library half written',
    async () => {
      // sorted ids spread the probes over the library's blocks
      const kept = Array.from({ length: HALF }, () => randomUUID());
      const dropped = Array.from({ length: HALF }, () => randomUUID());
      const added = Array.from({ length: HALF }, () => randomUUID());
      const spread = (ids: string[]) => [...ids].sort().filter((_, i) => i % (HALF / PROBES) === 0);
      const library = await serveAlbumList([...kept, ...dropped]);
      const { page, context, expectNoErrors, close } = await newPage(suite.browser);
      try {
        await openSignedIn(page, suite.server, '/library');
        await page.getByRole('article').first().waitFor();
        await addLibraryOnPage(page, NAME, library.url);
        const item = page.getByRole('article', { name: NAME });
        await item.getByText(`${2 * HALF} 张专辑`, { exact: false }).waitFor({ timeout: SYNC_TIMEOUT_MS });

        // the other tab: same origin, same databases; a page of the server that is not the app
        const other = await context.newPage();
        await other.goto(`${suite.server.baseUrl}/api/none`);
        const reading = other.evaluate(
          `${READER}(${JSON.stringify({ url: library.url, oldProbes: spread(dropped), newProbes: spread(added) })})`,
        );
        const answers = () =>
          other.evaluate(() => (window as unknown as { __reader?: { answers: Answer[] } }).__reader?.answers ?? []);
        await expect.poll(async () => (await answers()).length).toBeGreaterThan(0);

        library.relist([...kept, ...added]);
        await item.getByRole('button', { name: '同步', exact: true }).click();
        await item.getByText('同步中', { exact: true }).waitFor({ state: 'detached', timeout: SYNC_TIMEOUT_MS });
        // the new list, seen by the other tab too
        await expect
          .poll(async () => (await answers()).at(-1), { timeout: SYNC_TIMEOUT_MS })
          .toEqual({ old: 0, fresh: PROBES });
        await other.evaluate(() => ((window as unknown as { __reader: { stop: boolean } }).__reader.stop = true));
        await reading;

        const seen = await answers();
        const mixed = seen.filter((a) => !(a.old === PROBES && a.fresh === 0) && !(a.old === 0 && a.fresh === PROBES));
        expect(mixed, `${seen.length} answers`).toEqual([]);
        expect(seen[0]).toEqual({ old: PROBES, fresh: 0 });
        expectNoErrors();
      } finally {
        await close();
        await library.close();
      }
    },
    3 * SYNC_TIMEOUT_MS,
  );
});
