// Library sync, driven from the 音频仓库 page (/library) as the demo user: signing in syncs their
// library, its 同步 button syncs it again, 注销 forgets it. The library's answers are held until a
// step of the path says how it answers (/info, then /albums: let through, refused with 401, failed
// with 503 or no answer). What the user sees is the library's card: 同步中 while it syncs, the
// album count once synced, the reason in red when it failed; and the success toast when there is
// news: 音频仓库同步成功，新增 N 张专辑 for a sync that brought the albums (this browser starts with
// none), 音频仓库同步成功 alone for 同步 pressed on a library that has not changed.
import type { Locator, Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { text } from '@/shared/text';
import { newPage, type TestPage } from '../../../harness/browser';
import { logIn } from '../../../harness/signIn';
import type { TestServer } from '../support/server';
import type { InterfaceAdapter } from './adapter';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';

/** what the card should show once the sync rests */
type Outcome = 'signedOut' | 'synced' | 'failed' | 'awaitingToken';

interface LibraryPage {
  tp: TestPage;
  server: TestServer;
  info: HeldRequests;
  albums: HeldRequests;
  outcome: Outcome;
  /** a sync success toast the next check should find (each success shows one) */
  successes: number;
}

/** how long what a step brings about may take to show on a loaded machine */
const WAIT_MS = 10_000;

type Status = { state: string } | undefined;
type SyncContext = { libraries: Record<string, Status>; synced: string[]; refusedOnce: string[]; albums: unknown };

const card = (page: Page): Locator => page.getByRole('article');
const syncingBadge = (page: Page) => card(page).getByText('同步中', { exact: true });
/** every success toast of the sync, with a count of new albums or without */
const successToasts = (page: Page) => page.getByRole('alert').filter({ hasText: text.library.syncSucceeded(0) });
/** the catalogue's wording with any count: the real library's album count is not the model's */
const [beforeCount, afterCount] = text.library.syncSucceeded(1).split('1') as [string, string];
const countedToast = (page: Page) =>
  page
    .getByRole('alert')
    .getByText(new RegExp(`^${beforeCount}\\d+${afterCount}$`))
    .first();
const plainToast = (page: Page) =>
  page.getByRole('alert').getByText(text.library.syncSucceeded(0), { exact: true }).first();

/** the one library of the demo user, as the model holds it (the samples' url, not the server's) */
const libraryOf = (snapshot: AnyMachineSnapshot): Status =>
  Object.values((snapshot.context as SyncContext).libraries)[0];
const awaitingToken = (snapshot: AnyMachineSnapshot) =>
  (snapshot.context as SyncContext).refusedOnce.length > 0 && libraryOf(snapshot)?.state === 'pending';

async function signIn(ctx: LibraryPage): Promise<void> {
  const { page } = ctx.tp;
  if (!new URL(page.url()).pathname.startsWith('/user/login')) await page.getByRole('link', { name: '登录' }).click();
  await logIn(page, ctx.server.demo.email, ctx.server.demo.password);
  await page.getByRole('button', { name: '注销', exact: true }).waitFor();
  // in the app (no reload): a reload would read the records again, which the model does not do
  if (new URL(page.url()).pathname !== '/library')
    await page.getByRole('link', { name: '音频仓库', exact: true }).first().click();
  await card(page).waitFor();
}

/** the card once the sync rests, as the last answer left it */
const resting: Record<Outcome, (ctx: LibraryPage) => Promise<void>> = {
  async signedOut(ctx) {
    await ctx.tp.page.getByRole('link', { name: '登录' }).first().waitFor();
  },
  async synced(ctx) {
    const { page } = ctx.tp;
    await expect.poll(() => successToasts(page).count(), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => syncingBadge(page).count(), { timeout: WAIT_MS }).toBe(0);
    await card(page)
      .getByText(/\d+ 张专辑/)
      .waitFor();
  },
  async failed(ctx) {
    const { page } = ctx.tp;
    await card(page)
      .getByText(/^同步音频仓库失败: /)
      .waitFor();
    await expect.poll(() => syncingBadge(page).count(), { timeout: WAIT_MS }).toBe(0);
  },
  // the token was refused once: the app asks for the credentials again; the library waits, 同步中
  async awaitingToken(ctx) {
    await syncingBadge(ctx.tp.page).waitFor();
  },
};

export const librarySyncAdapter: InterfaceAdapter<LibraryPage> = {
  machine: 'librarySync',
  seed: 25,
  async start({ suite }) {
    // the failures a path asks the library for show in the console as failed loads
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const info = await holdRequests(tp.page, '/info', ['GET']);
    const albums = await holdRequests(tp.page, '/albums', ['GET']);
    await tp.page.goto(`${suite.server.baseUrl}/library`);
    await tp.page.waitForURL(/\/user\/login\?return=/);
    return { tp, server: suite.server, info, albums, outcome: 'signedOut', successes: 0 };
  },
  async stop(ctx) {
    ctx.tp.expectNoErrors();
    await ctx.tp.close();
  },
  accepts(event, snapshot) {
    // One last_update for every answer: the model's record keeps the samples' 200 after each store,
    // the browser the library's real value; either way a second sync finds it unchanged.
    if (event.type === 'xstate.done.actor.fetchLibraryInfo')
      return (event.output as { lastUpdate: number }).lastUpdate === 200;
    // a fresh browser has no records (the samples' other answer is a browser that synced before)
    if (event.type === 'xstate.done.actor.loadRecords') return (event.output as unknown[]).length === 0;
    // this browser starts with no albums: a list written brings them all, an unchanged library none
    if (event.type === 'xstate.done.actor.storeLibrary')
      return (
        (event.output as { newAlbums: number }).newAlbums > 0 === ((snapshot.context as SyncContext).albums !== null)
      );
    const library = libraryOf(snapshot);
    const idle = snapshot.matches('idle');
    if (awaitingToken(snapshot)) return event.type === 'SYNC' && idle;
    switch (event.type) {
      // signing in (nobody is); the records are read long before a user can sign in
      case 'SYNC':
        return idle && library === undefined;
      case 'SYNC_ONE': // the 同步 button is enabled once the library rests
        return idle && (library?.state === 'synced' || library?.state === 'failed');
      case 'RESET': // 注销, when signed in
        return idle && library !== undefined;
      default:
        return true;
    }
  },
  events: {
    async SYNC(ctx) {
      // signed out: signing in syncs the library; after a refused token the app asks by itself
      if (ctx.outcome === 'signedOut') await signIn(ctx);
      await expect.poll(() => ctx.info.waiting, { timeout: 15_000 }).toBe(1);
    },
    // a fresh browser has no records; they are read as the app starts
    'xstate.done.actor.loadRecords': async () => {},
    async SYNC_ONE(ctx) {
      await card(ctx.tp.page).getByRole('button', { name: '同步', exact: true }).click();
    },
    async RESET(ctx) {
      const { page } = ctx.tp;
      await page.getByRole('button', { name: '注销', exact: true }).click();
      await page.getByRole('link', { name: '登录' }).first().waitFor({ timeout: 15_000 });
      ctx.outcome = 'signedOut';
      ctx.successes = 0;
    },
    'xstate.done.actor.fetchLibraryInfo': async (ctx, event) => void (await ctx.info.answer(event)),
    async 'xstate.error.actor.fetchLibraryInfo'(ctx, event) {
      await ctx.info.answer(event);
      ctx.outcome = 'failed';
    },
    'xstate.done.actor.fetchLibraryAlbums': async (ctx, event) => void (await ctx.albums.answer(event)),
    async 'xstate.error.actor.fetchLibraryAlbums'(ctx, event) {
      const refusedBefore = ctx.outcome === 'awaitingToken';
      await ctx.albums.answer(event);
      const refused = (event.error as { httpStatus?: number }).httpStatus === 401;
      ctx.outcome = refused && !refusedBefore ? 'awaitingToken' : 'failed';
    },
    // the browser stores the library by itself; its end is the success toast: every store a user
    // reaches here has news (albums new to this browser, or 同步 pressed), the first with their count
    async 'xstate.done.actor.storeLibrary'(ctx, event) {
      ctx.successes++;
      const counted = (event.output as { newAlbums: number }).newAlbums > 0;
      await (counted ? countedToast : plainToast)(ctx.tp.page).waitFor({ timeout: WAIT_MS });
      ctx.outcome = 'synced';
    },
  },
  states: {
    // before anybody signs in, the app reads the browser's records (a fresh browser has none): the
    // login page shows and no library does
    loadingRecords: async (ctx) => {
      const { page } = ctx.tp;
      await page.getByRole('button', { name: '登录', exact: true }).waitFor();
      expect(await card(page).count(), 'libraries shown before sign-in').toBe(0);
    },
    idle: (ctx) => resting[ctx.outcome](ctx),
    'working.fetchingInfo': async (ctx) => {
      await syncingBadge(ctx.tp.page).waitFor();
    },
    'working.fetchingAlbums': async (ctx) => {
      await syncingBadge(ctx.tp.page).waitFor();
      await expect.poll(() => ctx.albums.waiting, { timeout: WAIT_MS }).toBe(1);
    },
    // the library's album list came and is written to the browser's store, which takes a few
    // milliseconds: the card shows 同步中 until then and 音频仓库同步成功 after (the done step waits
    // for the toast), never a failure
    'working.storing': async (ctx) => {
      const { page } = ctx.tp;
      expect(ctx.albums.waiting, 'album list requests unanswered').toBe(0);
      await syncingBadge(page).or(successToasts(page)).first().waitFor({ timeout: WAIT_MS });
      expect(
        await card(page)
          .getByText(/^同步音频仓库失败: /)
          .count(),
        'a failure on the card',
      ).toBe(0);
    },
  },
  notThroughInterface: [
    ...[
      '(machine) —REMOVE→ (stays)',
      'idle —always#1→ working.removing',
      'working.removing —done: removeLibrary→ idle',
      'working.removing —error: removeLibrary→ idle',
    ].map((transition) => ({
      transition,
      reason:
        "the demo user's one library is provided by the server: its delete button is disabled (由服务器提供的音频仓库不能删除)",
    })),
    {
      transition: 'loadingRecords —error: loadRecords→ idle',
      reason: "the browser's own store failing to read: nothing a user does makes IndexedDB fail",
    },
    {
      transition: 'working.storing —done: storeLibrary#2→ idle',
      reason:
        'a changed album list that brings nothing new, on a sync nobody pressed 同步 for: the demo library does not lose albums between two syncs of one session',
    },
    {
      transition: 'working.storing —done: storeLibrary#4→ idle',
      reason:
        "a sync at sign-in of a library this browser already holds needs its records read at start (a reload); each path's browser starts empty (tests/views/library.test.tsx reloads)",
    },
    {
      transition: 'working.storing —error: storeLibrary→ idle',
      reason: "the browser's own store failing to write: nothing a user does makes IndexedDB fail",
    },
  ],
};
