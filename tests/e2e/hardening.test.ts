// What an attacker or an unlucky user meets, in real Chromium against the real reference server:
// a malformed album record in IndexedDB, password guessing through the login page, and
// the Content-Security-Policy the server sends while the app browses and plays.
import { describe, expect, test } from 'vitest';
import { DEMO_ALBUMS } from '../../server/demo/catalog';
import { newPage } from '../../harness/browser';
import { logIn, openSignedIn } from '../../harness/signIn';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();
const TWO_DISC_ALBUM = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01'; // 港灯夜曲
const title = DEMO_ALBUMS.find((a) => a.album_id === TWO_DISC_ALBUM)!.title;

// Strings, not functions: a function would be serialised after the test transform, helpers and all.
const readAlbumRecord = `new Promise((resolve, reject) => {
  const open = indexedDB.open('album');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const get = open.result.transaction('album_info').objectStore('album_info').get('${TWO_DISC_ALBUM}');
    get.onsuccess = () => { open.result.close(); resolve(get.result ?? null); };
    get.onerror = () => reject(get.error);
  };
})`;
const writeMalformedRecord = `new Promise((resolve, reject) => {
  const open = indexedDB.open('album');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('album_info', 'readwrite');
    tx.objectStore('album_info').put({ albumId: '${TWO_DISC_ALBUM}', title: '坏的', discs: 'not a list' });
    tx.oncomplete = () => { open.result.close(); resolve(true); };
    tx.onerror = () => reject(tx.error);
  };
})`;

describe('a malformed album record in IndexedDB', () => {
  test('the album page still shows the album, fetched again, and the record is replaced by a good one', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await openSignedIn(page, suite.server, `/album/${TWO_DISC_ALBUM}`);
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await expect.poll(() => page.evaluate(readAlbumRecord)).toMatchObject({ albumId: TWO_DISC_ALBUM });

    await page.evaluate(writeMalformedRecord);
    await page.reload();
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    await expect
      .poll(async () => Array.isArray(((await page.evaluate(readAlbumRecord)) as { discs?: unknown } | null)?.discs))
      .toBe(true);
    expectNoErrors();
    await close();
  });
});

describe('password guessing through the login page', () => {
  test("five wrong passwords, then even the right one is refused with the server's wait message", async () => {
    const email = `guessed-${Date.now()}@anniv.local`;
    const { page, close } = await newPage(suite.browser, { ignoreConsole: [/status of 413|Failed to load resource/] });
    await page.goto(`${suite.server.baseUrl}/user/register`);
    const registered = await page.evaluate(`(async () => {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('right-password'));
      const password = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
      const answer = await fetch('/api/user/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: '${email}', password, nickname: 'guessed' }) });
      return (await answer.json()).status;
    })()`);
    expect(registered).toBe(0);

    await page.goto(`${suite.server.baseUrl}/user/login`);
    for (let i = 0; i < 5; i++) {
      await logIn(page, email, `wrong-${i}`);
      await page.getByText('email and password does not match', { exact: true }).last().waitFor();
    }
    await logIn(page, email, 'right-password');
    await page.getByText(/^too many failed password attempts; wait \d+ seconds and try again$/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await close();
  });
});

describe('Content-Security-Policy', () => {
  test('the page is served with the policy, and browsing and playing break none of it', async () => {
    const { page, expectNoErrors, close } = await newPage(suite.browser);
    await page.addInitScript(`window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));`);
    const response = await page.goto(`${suite.server.baseUrl}/`);
    const policy = response!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self'"); // no inline script, no foreign script
    expect(response!.headers()['x-content-type-options']).toBe('nosniff');

    await openSignedIn(page, suite.server, `/album/${TWO_DISC_ALBUM}`);
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await page.getByRole('button', { name: '播放全部' }).click();
    await page.getByRole('button', { name: '暂停' }).first().waitFor();
    await page.goto(`${suite.server.baseUrl}/album/list?url=${encodeURIComponent(suite.server.libraryUrl)}`);
    await page.getByRole('region', { name: '专辑列表' }).locator('img').first().waitFor();
    expect(await page.evaluate('window.__violations')).toEqual([]);
    expectNoErrors();
    await close();
  });
});
