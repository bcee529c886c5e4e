// ListenBrainz in real Chromium against the reference server and a fake ListenBrainz on loopback
// (tests/support/fakeListenBrainz.ts), with the demo library's short tracks (a listen is due at half
// a track): a token ListenBrainz does not know is said so; the right one, with the fake's address,
// connects; a track that starts is announced (playing_now) and, at half of it, sent as a listen
// stamped when it began; while ListenBrainz cannot be reached a listen waits on the device, through
// a reload, and goes once it can, exactly once, never more than one request a second; a token
// ListenBrainz refuses later turns recording off with one message; signing out removes the token.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { text } from '@/shared/text';
import { logIn } from '../../harness/signIn';
import { startFakeListenBrainz, type FakeListenBrainz, type Submission } from '../support/fakeListenBrainz';
import {
  albumPath,
  bar,
  expectAdvancing,
  expectBarTitle,
  mainButton,
  playAll,
  signedInWithSpy,
  storedTrack,
} from './support/playerBar';
import { toastOf } from './paths/toasts';
import { serverAndBrowser } from './support/suite';

const LOFI = 'f1b8d3e6-9a2c-4f5b-9c7d-8e9f0a1b2c08'; // Lo-Fi 学习 Beats: Rainy Desk 24 s, 咖啡与作业 22 s, Night Bus 26 s
const FIRST = storedTrack(LOFI, 1, 1);
const SECOND = storedTrack(LOFI, 1, 2);
const THIRD = storedTrack(LOFI, 1, 3);
const TOKEN = '0f3c1b9e-5d2a-4c7e-8b6f-listenbrainz';
const LB_USER = 'mio_listens';

const suite = serverAndBrowser();
let lb: FakeListenBrainz;

beforeAll(async () => {
  lb = await startFakeListenBrainz({ tokens: { [TOKEN]: LB_USER } });
});

afterAll(async () => {
  await lb.stop();
});

const settingsTab = (page: Page) => page.getByRole('tab', { name: text.user.tabs.settings });
const tokenField = (page: Page) => page.getByLabel(text.scrobbling.token, { exact: true });
const connected = (page: Page) => page.getByText(text.scrobbling.connectedAs(LB_USER), { exact: true });
const recordSwitch = (page: Page) => page.getByRole('switch', { name: text.scrobbling.switch });

/** the titles of the tracks a submission is about */
const titlesOf = (submission: Submission) =>
  submission.payload.map((listen) => (listen.track_metadata as { track_name: string }).track_name);

/** the submissions (single or import) that carried a listen of a track, by its title */
const listensOf = (title: string) =>
  lb.submissions.filter((s) => s.listenType !== 'playing_now' && titlesOf(s).includes(title));

/** whether ListenBrainz was told this track began (playing_now) */
const announced = (title: string) =>
  lb.submissions.some((s) => s.listenType === 'playing_now' && titlesOf(s).includes(title));

// Every alert element the page shows, as it appears (a toast hides by itself after 5 s): counted by
// element, so one message shown once counts once. A string: a function would be serialised after
// the test transform.
const ALERT_SPY = `(() => {
  const elements = [];
  window.__alerts = elements;
  new MutationObserver(() => {
    for (const element of document.querySelectorAll('[role="alert"]'))
      if (!elements.includes(element)) elements.push(element);
  }).observe(document, { childList: true, subtree: true });
})()`;

/** how many alerts this page has shown saying `message` */
const alertsSaying = (page: Page, message: string) =>
  page.evaluate(
    (m) => (window as unknown as { __alerts: Element[] }).__alerts.filter((e) => e.textContent?.includes(m)).length,
    message,
  );

/** pastes a token (and the fake's address) on the 设置 tab and asks to connect */
async function connect(page: Page, token: string): Promise<void> {
  await tokenField(page).fill(token);
  await page.getByLabel(text.scrobbling.url, { exact: true }).fill(lb.url);
  await page.getByRole('button', { name: text.scrobbling.connect }).click();
}

/** the player bar's 播放 / 暂停 button reads `label` */
const mainButtonReads = (page: Page, label: '播放' | '暂停') =>
  mainButton(page)
    .and(page.getByRole('button', { name: label, exact: true }))
    .waitFor();

describe('ListenBrainz', () => {
  test('connect, announce and send listens; keep them while it is down, through a reload; a token refused later; removed at sign-out', {
    timeout: 300_000,
  }, async () => {
    const { page, errors, close } = await signedInWithSpy(suite, albumPath(LOFI));
    // from the next load on: the reload below
    await page.addInitScript(ALERT_SPY);

    // the 设置 tab, reached in the app (the album page stays behind it in the history)
    await page.locator('header a[href="/user/index"]').click();
    await settingsTab(page).click();

    // a token ListenBrainz does not know
    await connect(page, 'not-my-token');
    await page.getByText(text.scrobbling.problems.invalid!, { exact: true }).waitFor();
    expect(lb.requests.filter((r) => r.path === '/1/validate-token' && r.method === 'GET')).toEqual([
      expect.objectContaining({ token: 'not-my-token', status: 200 }),
    ]);

    // the right one, with the fake's address
    await connect(page, TOKEN);
    await connected(page).waitFor();
    expect(await recordSwitch(page).isChecked()).toBe(true);
    await page.getByText(`${text.scrobbling.url}: ${lb.url}`, { exact: true }).waitFor();

    // a track plays: announced as it starts, sent as a listen at half of it, stamped when it began
    await page.goBack();
    const pressed = Math.floor(Date.now() / 1000);
    await playAll(page);
    await expectAdvancing(page);
    await expectBarTitle(page, FIRST.title, 15_000);
    await expect.poll(() => announced(FIRST.title), { timeout: 20_000 }).toBe(true);
    const startedBy = Math.ceil(Date.now() / 1000);
    await expect.poll(() => listensOf(FIRST.title).length, { timeout: 60_000 }).toBe(1);
    const single = lb.submissions.find((s) => s.listenType === 'single')!;
    expect(single.token).toBe(TOKEN);
    const [listen] = single.payload as [{ listened_at: number; track_metadata: Record<string, unknown> }];
    expect(listen.listened_at).toBeGreaterThanOrEqual(pressed - 1);
    expect(listen.listened_at).toBeLessThanOrEqual(startedBy + 1);
    // sent once half had played: at least 12 s after it began
    expect(single.at / 1000 - listen.listened_at).toBeGreaterThanOrEqual(11);
    expect(listen.track_metadata).toMatchObject({
      artist_name: FIRST.artist,
      track_name: FIRST.title,
      release_name: FIRST.albumTitle,
      additional_info: {
        tracknumber: 1,
        discnumber: 1,
        media_player: 'Anniv web player',
        submission_client: 'Anniv web player',
      },
    });
    const durationMs = (listen.track_metadata.additional_info as { duration_ms: number }).duration_ms;
    expect(Math.abs(durationMs - 24_000)).toBeLessThan(1_000);

    // ListenBrainz goes down; the next track plays to its half: its listen waits on the device
    lb.setDown('reset');
    await page.goForward();
    await connected(page).waitFor();
    await expectBarTitle(page, SECOND.title, 30_000);
    await page.getByText(text.scrobbling.waiting(1), { exact: true }).waitFor({ timeout: 60_000 });
    // no third track: paused before it comes
    await mainButton(page).click();
    await mainButtonReads(page, '播放');
    expect(listensOf(SECOND.title)).toEqual([]);

    // a reload: the listen still waits (IndexedDB), and is tried again
    const reloaded = Date.now();
    await page.reload();
    await connected(page).waitFor();
    await page.getByText(text.scrobbling.waiting(1), { exact: true }).waitFor();

    // ListenBrainz is back: the listen arrives, once; nothing waits any more
    lb.setDown(false);
    await expect.poll(() => listensOf(SECOND.title).length, { timeout: 90_000 }).toBe(1);
    await page.getByText(text.scrobbling.waiting(1), { exact: true }).waitFor({ state: 'detached' });
    const resent = lb.submissions.find((s) => s.listenType !== 'playing_now' && titlesOf(s).includes(SECOND.title))!;
    expect(['single', 'import']).toContain(resent.listenType);

    // ListenBrainz no longer takes the token: the next track's announcement is refused; recording
    // turns off with one message
    lb.revokeToken(TOKEN);
    await bar(page).getByRole('button', { name: text.player.next }).click();
    await expectBarTitle(page, THIRD.title, 15_000);
    await mainButtonReads(page, '暂停');
    await toastOf(page, text.scrobbling.refusedNotice).waitFor({ timeout: 30_000 });
    await expect.poll(() => recordSwitch(page).isChecked()).toBe(false);
    await page.getByText(text.scrobbling.problems.refused!, { exact: true }).waitFor();
    const refused = lb.requests.filter((r) => r.status === 401);
    expect(refused).toHaveLength(1);

    // never more than one request a second from one page (the page after a reload starts afresh)
    const posts = lb.requests.filter((r) => r.method === 'POST');
    const log = JSON.stringify(posts.map((r) => ({ ...r, token: undefined, at: r.at - posts[0]!.at })));
    for (let i = 1; i < posts.length; i++)
      if (posts[i - 1]!.at >= reloaded || posts[i]!.at < reloaded)
        expect(posts[i]!.at - posts[i - 1]!.at, log).toBeGreaterThanOrEqual(950);

    // one message, however long the track plays on
    expect(await alertsSaying(page, text.scrobbling.refusedNotice)).toBe(1);

    // signing out removes the token: signed in again, none is kept
    await page.getByRole('button', { name: text.header.logout, exact: true }).click();
    await page.getByRole('link', { name: text.header.login }).waitFor({ timeout: 30_000 });
    await page.goto(`${suite.server.baseUrl}/user/index?tab=settings`);
    await page.waitForURL(/\/user\/login\?return=/);
    await logIn(page, suite.server.demo.email, suite.server.demo.password);
    await page.waitForURL((url) => url.pathname === '/user/index');
    await settingsTab(page).click();
    await tokenField(page).waitFor();
    expect(await tokenField(page).inputValue()).toBe('');
    expect(await page.getByLabel(text.scrobbling.url, { exact: true }).inputValue()).toBe(
      'https://api.listenbrainz.org',
    );
    expect(await connected(page).count()).toBe(0);
    // each listen went once, and nothing more was asked of ListenBrainz after it refused the token
    expect(listensOf(FIRST.title)).toHaveLength(1);
    expect(listensOf(SECOND.title)).toHaveLength(1);
    expect(listensOf(THIRD.title)).toHaveLength(0);
    expect(lb.requests.at(-1)).toMatchObject({ status: 401 });

    // the page's errors are the fake's refusals and its cut connections, nothing else
    expect(errors.filter((error) => !error.includes(lb.url))).toEqual([]);
    for (const error of errors)
      expect(error).toMatch(/net::ERR_(EMPTY_RESPONSE|CONNECTION_RESET|CONNECTION_CLOSED)|status of 401/);
    await close();
  });
});
