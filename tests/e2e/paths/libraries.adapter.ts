// The 音频仓库 page (/library), driven as a listener does, as a fresh listener of each path (the
// demo site gives them the server's own library, which cannot be deleted): signing in loads their
// libraries, 添加音频仓库 opens the dialog (名称, URL, Token, 优先级, 确定 or 取消), 删除 on a card asks
// 确认删除音频仓库, 注销 forgets them, 重试 loads them again after a failure. A library refusing its
// token (its /albums answered 401 after the card's 同步, the library changed) reads them again.
//
// The server's answers to /api/credential are held until the path says how. What the server lists
// is what the path's sample lists: before the list is let through, the listener's own libraries
// are made those of the sample from another tab (the sample's 演示音乐库 is 自己的仓库 on a small
// library of the path's own; 第二个Token a second token for it; the form's home.example another
// small library), so a deletion keeps or removes the library's data as the model says. An error
// answer is no answer at all: the app then says 离线中 until the next request is answered, not a
// toast (so the checks read the list and the dialogs, not the toast).
import type { Locator, Page } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { serveAlbumList, type AlbumListLibrary } from '../../../harness/albumListLibrary';
import { newPage, type TestPage } from '../../../harness/browser';
import { logIn } from '../../../harness/signIn';
import type { LibrariesContext } from '@/features/library/librariesMachine';
import type { LibraryForm } from '@/features/library/forms';
import { text } from '@/shared/text';
import type { Credential } from '@/shared/types';
import type { InterfaceAdapter } from './adapter';
import { ANSWERED_FAILURES, holdRequests, type HeldRequests } from './heldRequests';
import { WAIT_MS } from './playerPage';
import { AccountDesk, newAccount, type Account } from './sessionAccount';

/** the sample credentials' ids → the listener's own library each stands for */
const OWN = '自己的仓库';
const SECOND_TOKEN = '第二个Token';
const ADDED = 'Home';

interface LibrariesPage {
  tp: TestPage;
  page: Page;
  baseUrl: string;
  account: Account;
  /** the listener's own library (the samples' 127.0.0.1:8081) and the one the form adds (home.example) */
  own: AlbumListLibrary;
  added: AlbumListLibrary;
  list: HeldRequests;
  add: HeldRequests;
  remove: HeldRequests;
  /** whether the own library answers its next /albums with 401 (the token refused) */
  refuseToken: boolean;
}

const dialogOf = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });
const addDialog = (page: Page) => dialogOf(page, text.library.add);
const deleteDialog = (page: Page) => dialogOf(page, text.library.confirmDelete);
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const card = (page: Page, name: string) => page.getByRole('article', { name });
/** the listener's own cards: the server's library has no 删除 */
const ownCards = (page: Page) =>
  cards(page).filter({ has: page.getByRole('button', { name: text.library.delete, exact: true }) });
const context = (model: AnyMachineSnapshot) => model.context as LibrariesContext;
const inReady = (model: AnyMachineSnapshot, state: string) => model.matches({ ready: state });

/** the listener's own library a sample credential stands for */
function ownFor(ctx: LibrariesPage, credential: Credential): { name: string; url: string } {
  if (credential.id === 'c3') return { name: SECOND_TOKEN, url: ctx.own.url };
  if (credential.id === 'c1') return { name: OWN, url: ctx.own.url };
  return { name: ADDED, url: ctx.added.url };
}

/** From another tab: the listener's own libraries at the server become those `sample` lists. */
async function serverLists(ctx: LibrariesPage, sample: readonly Credential[]): Promise<void> {
  const api = ctx.tp.context.request;
  const call = async (method: string, data?: object) => {
    const response = await api.fetch(`${ctx.baseUrl}/api/credential`, { method, ...(data && { data }) });
    const body = (await response.json()) as { status: number; message: string; data: unknown };
    if (body.status !== 0) throw new Error(`${method} /api/credential: ${body.status} ${body.message}`);
    return body.data;
  };
  const listed = (await call('GET')) as Credential[];
  for (const credential of listed.filter((c) => !c.controlled)) await call('DELETE', { id: credential.id });
  for (const credential of sample)
    await call('POST', { ...ownFor(ctx, credential), token: credential.token, priority: credential.priority });
}

async function signIn(ctx: LibrariesPage): Promise<void> {
  const { page } = ctx;
  if (!new URL(page.url()).pathname.startsWith('/user/login'))
    await page.getByRole('link', { name: '登录' }).first().click();
  await logIn(page, ctx.account.email, ctx.account.password);
  await page.getByRole('button', { name: '注销', exact: true }).waitFor();
  if (new URL(page.url()).pathname !== '/library')
    await page.getByRole('link', { name: text.library.title, exact: true }).first().click();
  await page.getByRole('heading', { name: text.library.title }).waitFor();
}

/** the list as the model holds it: one own card each, the server's library beside them, no dialog */
async function listShows(ctx: LibrariesPage, model: AnyMachineSnapshot): Promise<void> {
  const { page } = ctx;
  await expect.poll(() => ownCards(page).count(), { timeout: WAIT_MS }).toBe(context(model).credentials.length);
  await expect.poll(() => cards(page).count(), { timeout: WAIT_MS }).toBe(context(model).credentials.length + 1);
  for (const credential of context(model).credentials) await card(page, ownFor(ctx, credential).name).waitFor();
  expect(await page.getByRole('status', { name: text.loading }).count()).toBe(0);
}

async function noDialog(page: Page): Promise<void> {
  await addDialog(page).waitFor({ state: 'hidden' });
  await deleteDialog(page).waitFor({ state: 'hidden' });
}

async function addDialogShows(ctx: LibrariesPage, formError: string | null, busy: boolean): Promise<void> {
  const dialog = addDialog(ctx.page);
  await dialog.waitFor();
  // Mantine's loading button is disabled while the request is out
  await expect.poll(() => dialog.getByRole('button', { name: text.library.confirm }).isDisabled()).toBe(busy);
  if (formError) await dialog.getByRole('alert').filter({ hasText: formError }).waitFor();
  else expect(await dialog.getByRole('alert').count()).toBe(0);
  expect(ctx.add.waiting).toBe(busy ? 1 : 0);
}

async function deleteDialogShows(ctx: LibrariesPage, model: AnyMachineSnapshot, busy: boolean): Promise<void> {
  const dialog = deleteDialog(ctx.page);
  const pending = context(model).pendingDelete!;
  await dialog.getByText(text.library.deleteQuestion(ownFor(ctx, pending).name)).waitFor();
  await expect.poll(() => dialog.getByRole('button', { name: text.library.cancel }).isDisabled()).toBe(busy);
  if (busy) await expect.poll(() => ctx.remove.waiting, { timeout: WAIT_MS }).toBe(1);
}

export const librariesAdapter: InterfaceAdapter<LibrariesPage> = {
  machine: 'libraries',
  siteNeeds:
    'registration open to anyone: each path registers a listener of its own (a site takes 10 accounts an hour from one address)',
  seed: 25,
  async start({ suite }) {
    const tp = await newPage(suite.browser, { ignoreConsole: [ANSWERED_FAILURES] });
    const { page } = tp;
    const account = newAccount();
    await new AccountDesk(tp.context.request, suite.server.baseUrl).register(account);
    const [own, added] = await Promise.all([serveAlbumList([]), serveAlbumList([])]);
    const list = await holdRequests(page, '/api/credential', ['GET']);
    const add = await holdRequests(page, '/api/credential', ['POST']);
    const remove = await holdRequests(page, '/api/credential', ['DELETE']);
    const ctx: LibrariesPage = {
      tp,
      page,
      baseUrl: suite.server.baseUrl,
      account,
      own,
      added,
      list,
      add,
      remove,
      refuseToken: false,
    };
    // a refused token: the own library's album list answered 401 once, when the path says
    await page.route(`${own.url}/albums`, async (route) => {
      if (!ctx.refuseToken) return route.fallback();
      ctx.refuseToken = false;
      await route.fulfill({ status: 401, headers: { 'access-control-allow-origin': '*' }, body: 'refused' });
    });
    await page.goto(`${suite.server.baseUrl}/library`);
    await page.waitForURL(/\/user\/login\?return=/);
    return ctx;
  },
  async stop(ctx) {
    try {
      ctx.tp.expectNoErrors();
    } finally {
      await ctx.tp.close();
      await Promise.all([ctx.own.close(), ctx.added.close()]);
    }
  },
  accepts(event, model) {
    const browsing = inReady(model, 'browsing');
    const hasOwn = context(model).credentials.some((c) => c.id === 'c1');
    switch (event.type) {
      // signing in (nobody is), or 重试 after a failure
      case 'LOAD':
        return model.matches('idle') || model.matches('failed');
      // 注销, in the header: under a dialog it cannot be reached, and a request out would be answered after it
      case 'RESET':
        return model.matches('failed') || browsing;
      case 'OPEN_ADD':
        return browsing;
      case 'DELETE':
      case 'REFRESH':
        return browsing && hasOwn;
      default:
        return true;
    }
  },
  events: {
    async LOAD(ctx) {
      // signed out, the page is the login page (or leads to it); else 重试 shows
      if ((await ctx.page.getByRole('button', { name: text.retry }).count()) === 0) await signIn(ctx);
      else await ctx.page.getByRole('button', { name: text.retry }).click();
      await expect.poll(() => ctx.list.waiting, { timeout: WAIT_MS }).toBe(1);
    },
    async RESET(ctx) {
      await ctx.page.getByRole('button', { name: '注销', exact: true }).click();
      await ctx.page.getByRole('link', { name: '登录' }).first().waitFor({ timeout: WAIT_MS });
    },
    async 'xstate.done.actor.listCredentials'(ctx, event) {
      await serverLists(ctx, event.output as Credential[]);
      await ctx.list.answer(event);
    },
    async 'xstate.error.actor.listCredentials'(ctx, event) {
      await ctx.list.answer(event);
    },
    async REFRESH(ctx) {
      const own = card(ctx.page, OWN);
      // once the library rests (synced after signing in, its album count shown): the next sync is refused
      await own.getByText(/\d+ 张专辑/).waitFor({ timeout: WAIT_MS });
      await expect
        .poll(() => own.getByText(text.library.syncing, { exact: true }).count(), { timeout: WAIT_MS })
        .toBe(0);
      // the library changed (an unchanged one is not asked for its albums, where the token is read)
      ctx.own.relist([]);
      ctx.refuseToken = true;
      const sync = own.getByRole('button', { name: text.library.sync, exact: true });
      await sync.click();
      await expect.poll(() => ctx.list.waiting, { timeout: WAIT_MS }).toBe(1);
    },
    async 'xstate.done.actor.refreshCredentials'(ctx, event) {
      await serverLists(ctx, event.output as Credential[]);
      await ctx.list.answer(event);
    },
    async 'xstate.error.actor.refreshCredentials'(ctx, event) {
      await ctx.list.answer(event);
    },
    async OPEN_ADD(ctx) {
      await ctx.page.getByRole('button', { name: text.library.add }).click();
    },
    async CLOSE(ctx) {
      // 取消 in whichever dialog is open
      const open = (await addDialog(ctx.page).isVisible()) ? addDialog(ctx.page) : deleteDialog(ctx.page);
      await open.getByRole('button', { name: text.library.cancel }).click();
    },
    async SUBMIT_ADD(ctx, event: AnyEventObject) {
      const form = event.form as LibraryForm;
      const dialog = addDialog(ctx.page);
      await dialog.getByLabel(text.library.name, { exact: true }).fill(form.name);
      // the form's home.example is the path's second small library
      await dialog.getByLabel(text.library.url, { exact: true }).fill(form.url ? ctx.added.url : '');
      await dialog.getByLabel(text.library.token, { exact: true }).fill(form.token);
      await dialog.getByLabel(text.library.priority, { exact: true }).fill(form.priority);
      await dialog.getByRole('button', { name: text.library.confirm }).click();
    },
    async 'xstate.done.actor.addCredential'(ctx, event) {
      await ctx.add.answer(event);
    },
    async 'xstate.error.actor.addCredential'(ctx, event) {
      await ctx.add.answer(event);
    },
    async DELETE(ctx) {
      await card(ctx.page, OWN).getByRole('button', { name: text.library.delete, exact: true }).click();
    },
    async CONFIRM(ctx) {
      await deleteDialog(ctx.page).getByRole('button', { name: text.library.confirm }).click();
    },
    async 'xstate.done.actor.deleteCredential'(ctx, event) {
      await ctx.remove.answer(event);
    },
    async 'xstate.error.actor.deleteCredential'(ctx, event) {
      await ctx.remove.answer(event);
    },
  },
  states: {
    // nobody signed in: the login form, no libraries, none asked for
    async idle(ctx) {
      const { page } = ctx;
      await page
        .getByRole('link', { name: '登录' })
        .or(page.getByRole('button', { name: '登录' }))
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: '注销', exact: true }).count()).toBe(0);
      expect(await cards(ctx.page).count()).toBe(0);
      expect(ctx.list.waiting).toBe(0);
    },
    async loading(ctx) {
      await ctx.page.getByRole('status', { name: text.loading }).waitFor();
      expect(await cards(ctx.page).count()).toBe(0);
    },
    async failed(ctx) {
      await ctx.page.getByRole('button', { name: text.retry }).waitFor();
      expect(await cards(ctx.page).count()).toBe(0);
    },
    async 'ready.browsing'(ctx, model) {
      // 添加音频仓库 is taken only here (not while a dialog is open or the list is read again)
      await expect
        .poll(() => ctx.page.getByRole('button', { name: text.library.add }).isEnabled(), { timeout: WAIT_MS })
        .toBe(true);
      await noDialog(ctx.page);
      await listShows(ctx, model);
    },
    // the credentials are read again: the list stays, the refused library waits for its renewed token
    async 'ready.refreshing'(ctx, model) {
      await listShows(ctx, model);
      await card(ctx.page, OWN).getByText(text.library.syncing, { exact: true }).waitFor();
      expect(ctx.list.waiting).toBe(1);
    },
    'ready.addDialog': (ctx, model) => addDialogShows(ctx, context(model).formError, false),
    'ready.adding': async (ctx) => {
      await expect.poll(() => ctx.add.waiting, { timeout: WAIT_MS }).toBe(1);
      await addDialogShows(ctx, null, true);
    },
    'ready.confirmingDelete': (ctx, model) => deleteDialogShows(ctx, model, false),
    'ready.deleting': (ctx, model) => deleteDialogShows(ctx, model, true),
  },
  notThroughInterface: [
    {
      transition: 'ready —LOAD→ ready.browsing',
      reason:
        'the libraries load when somebody signs in (signing out resets them first) or on 重试, which shows only when they failed: nothing loads them while listed',
    },
  ],
};
