// 智能歌单 as a listener sees them (docs/behaviour.md#smart-playlists): a new account's five ready-made
// lists on /smart, reached from the drawer; a list's page with its tracks and how many match; the
// editor refusing an empty name and counting the rules before 保存; 导出 and 导入 of the lists' file,
// a damaged list skipped and counted, a file that is not JSON refused; an unknown list said so; a
// list shown following a like taken back.
// happy-dom has no Worker: the lists are worked out on the page's thread (features/smartLists/worker.ts),
// whose jobs read the site through the global fetch, the fake server's here.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { forgetSmartListsJobs } from '@/features/smartLists/jobs';
import { text } from '@/shared/text';
import { deleteSmartListsDb } from '@/storage/smartLists';
import { A, B, type FakeAnniv, openSignedIn, play } from './listening';
import { currentPath, warmUpPages } from './renderApp';

beforeAll(warmUpPages, 60_000);

const t = text.smartLists;
const READY_MADE = ['最常播放', '最近添加', '很久没听', '从未播放', '我喜欢的随机'];

beforeEach(async () => {
  // the lists' database and what the jobs hold live in modules the files share: each test starts
  // with none (the setup file gave IndexedDB a fresh factory)
  forgetSmartListsJobs();
  await deleteSmartListsDb();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** `path` signed in, both albums in the library; the page's jobs read the site through the fake */
async function openSmart(path: string, setup: (server: FakeAnniv) => void = () => {}) {
  const opened = await openSignedIn(path, (server) => {
    vi.stubGlobal('fetch', server.fetch);
    setup(server);
  });
  return opened;
}

const cardNames = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));

/** the lists' file input (FileButton's hidden input) */
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('智能歌单', () => {
  it('the drawer leads to /smart, where a new account has the five ready-made lists', async () => {
    const user = userEvent.setup();
    await openSmart('/');
    const drawer = screen.getByRole('navigation');
    await user.click(within(drawer).getByRole('link', { name: text.drawer.smartLists }));
    await waitFor(() => expect(currentPath()).toBe('/smart'));
    expect(await screen.findByRole('heading', { name: t.title })).toBeTruthy();
    await waitFor(() => expect(cardNames()).toEqual(READY_MADE));
    // each card opens its list and says its rules and order
    const recent = screen.getByRole('article', { name: '最近添加' });
    expect(within(recent).getByText(`${t.kinds.added} · ${t.sorts.added} · ${t.summary.limit(500)}`)).toBeTruthy();
    expect(within(recent).getByRole('link', { name: '最近添加' }).getAttribute('href')).toBe('/smart/recently-added');
  });

  it('a list shown follows a like taken back: 我喜欢的随机 loses the track without a reload', async () => {
    const user = userEvent.setup();
    await openSmart('/smart/liked-shuffled', (s) => {
      s.favouriteTracks.push({
        album_id: A,
        disc_id: 1,
        track_id: 2,
        title: 'Night Ferry',
        artist: 'Mio',
        type: 'normal',
        album_title: 'Harbor Lights',
      });
    });
    expect(await screen.findByText(t.matched(1, 1))).toBeTruthy();
    const list = screen.getByRole('list', { name: '我喜欢的随机' });
    await user.click(await within(list).findByRole('button', { name: text.album.unlike }));
    expect(await screen.findByText(t.empty, undefined, { timeout: 5_000 })).toBeTruthy();
  });

  it("a list's page: its tracks in order with how many match, and 播放全部", async () => {
    const now = Math.floor(Date.now() / 1000);
    await openSmart('/smart/most-played', (s) => {
      s.plays.push(play(A, 2, now - 300), play(A, 2, now - 200), play(B, 1, now - 100));
    });
    expect(await screen.findByRole('heading', { name: '最常播放' })).toBeTruthy();
    // the drawer says where the page belongs
    const link = within(screen.getByRole('navigation')).getByRole('link', { name: text.drawer.smartLists });
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText(t.matched(2, 2))).toBeTruthy();
    // most played first: Night Ferry twice, Waves once; Opening never played
    const list = screen.getByRole('list', { name: '最常播放' });
    const titles = ['Night Ferry', 'Waves', 'Opening'];
    expect(
      within(list)
        .getAllByText(new RegExp(`^(${titles.join('|')})$`))
        .map((e) => e.textContent),
    ).toEqual(['Night Ferry', 'Waves']);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: text.album.playAll }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('新建智能歌单: an empty name is refused; a rule is counted before 保存; the new card shows', async () => {
    const user = userEvent.setup();
    await openSmart('/smart');
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: t.create }));
    const dialog = await screen.findByRole('dialog', { name: t.editor.titleNew });

    // no rule: every track of the library
    expect(await within(dialog).findByText(t.editor.count(3))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t.editor.save }));
    expect(await within(dialog).findByText(t.editor.nameRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(t.editor.name, { exact: false }), '夜航');
    await user.click(within(dialog).getByRole('button', { name: t.editor.addRule }));
    const rule = within(dialog).getByRole('group', { name: `${t.editor.rules} 1` });
    await user.selectOptions(
      within(rule).getByRole('combobox', { name: `${t.editor.rules} 1: ${t.editor.ruleKind}` }),
      t.kinds.text,
    );
    // a text rule still empty is left out of the count; filled in, it is counted
    await user.type(within(rule).getByRole('textbox', { name: `${t.editor.rules} 1: ${t.fields.title}` }), 'night');
    expect(await within(dialog).findByText(t.editor.count(1))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t.editor.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = await screen.findByRole('article', { name: '夜航' });
    expect(within(card).getByText(`${t.kinds.text} · ${t.sorts.added}`)).toBeTruthy();
    expect(cardNames()).toEqual([...READY_MADE, '夜航']);

    // its page: the one track whose title holds the text
    await user.click(within(card).getByRole('link', { name: '夜航' }));
    expect(await screen.findByText(t.matched(1, 1))).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '夜航' })).getByText('Night Ferry')).toBeTruthy();
  });

  it("a rule's number emptied: the rule is incomplete until one is typed, then it is the number typed", async () => {
    const user = userEvent.setup();
    await openSmart('/smart');
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    await user.click(screen.getByRole('button', { name: t.create }));
    const dialog = await screen.findByRole('dialog', { name: t.editor.titleNew });
    await user.type(within(dialog).getByLabelText(t.editor.name, { exact: false }), '三个月');
    await user.click(within(dialog).getByRole('button', { name: t.editor.addRule }));
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: `${t.editor.rules} 1: ${t.editor.ruleKind}` }),
      t.kinds.added,
    );
    const days = within(dialog).getByRole('textbox', { name: `${t.editor.rules} 1: ${t.units.days}` });
    expect((days as HTMLInputElement).value).toBe(`30 ${t.units.days}`);
    await user.clear(days);
    expect((days as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: t.editor.save }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(t.editor.ruleIncomplete(1));
    await user.type(days, '90');
    expect((days as HTMLInputElement).value).toBe(`90 ${t.units.days}`);
    // every album was first seen now: all three tracks
    expect(await within(dialog).findByText(t.editor.count(3))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t.editor.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(await screen.findByRole('article', { name: '三个月' })).getByRole('link'));
    await user.click(await screen.findByRole('button', { name: t.edit }));
    const edit = await screen.findByRole('dialog', { name: t.editor.titleEdit });
    expect(
      (within(edit).getByRole('textbox', { name: `${t.editor.rules} 1: ${t.units.days}` }) as HTMLInputElement).value,
    ).toBe(`90 ${t.units.days}`);
  });

  it('导出 then 导入: the lists come back, a damaged one skipped and counted; a file that is not JSON brings none', async () => {
    const user = userEvent.setup();
    await openSmart('/smart');
    await waitFor(() => expect(cardNames()).toEqual(READY_MADE));

    // 导出 hands the browser a file to download
    let exported: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      exported = blob as Blob;
      return 'blob:smart-playlists';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: t.export }));
    expect(downloads).toEqual(['smart-playlists.json']);
    const file = JSON.parse(await exported!.text()) as { format: string; version: number; lists: unknown[] };
    expect(file.format).toBe('anniv-smart-playlists');
    expect(file.version).toBe(1);
    expect(file.lists.map((list) => (list as { name: string }).name)).toEqual(READY_MADE);

    // the same lists and one damaged (no name) come in: five more cards, one skipped
    const damaged = { ...(file.lists[0] as object), name: '' };
    const back = JSON.stringify({ ...file, lists: [...file.lists, damaged] });
    await user.upload(fileInput(), new File([back], 'smart-playlists.json', { type: 'application/json' }));
    expect(await screen.findByText(t.imported(5, 1))).toBeTruthy();
    // the input forgot the file: the same one chosen again would be read again
    expect(fileInput().files).toHaveLength(0);
    await waitFor(() => expect(cardNames()).toEqual([...READY_MADE, ...READY_MADE]));

    // a file that is not JSON: said so, nothing comes in
    await user.upload(fileInput(), new File(['name,rules\n'], 'lists.json', { type: 'application/json' }));
    expect(await screen.findByText(t.importProblem.notJson)).toBeTruthy();
    expect(cardNames()).toHaveLength(10);
  });

  it('导入 of a file whose lists would take the account past 100: none come in, and it says so', async () => {
    const user = userEvent.setup();
    await openSmart('/smart');
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    const lists = Array.from({ length: 96 }, (_, i) => ({
      name: `列表 ${i + 1}`,
      match: 'all',
      rules: [],
      sortBy: 'title',
      seed: 1,
      limit: null,
    }));
    const file = JSON.stringify({ format: 'anniv-smart-playlists', version: 1, lists });
    await user.upload(fileInput(), new File([file], 'many.json', { type: 'application/json' }));
    expect(await screen.findByText(t.tooMany(100))).toBeTruthy();
    expect(cardNames()).toHaveLength(5);
  });

  it('删除 asks first, then the list is gone from /smart', async () => {
    const user = userEvent.setup();
    await openSmart('/smart/never-played');
    expect(await screen.findByRole('heading', { name: '从未播放' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.delete }));
    const confirm = await screen.findByRole('dialog', { name: t.deleteConfirm('从未播放') });
    // first a way back: 关闭 and 取消 keep the list
    await user.click(within(confirm).getByRole('button', { name: text.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: t.delete }));
    const again = await screen.findByRole('dialog', { name: t.deleteConfirm('从未播放') });
    await user.click(within(again).getByRole('button', { name: t.editor.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentPath()).toBe('/smart/never-played');
    await user.click(screen.getByRole('button', { name: t.delete }));
    const sure = await screen.findByRole('dialog', { name: t.deleteConfirm('从未播放') });
    await user.click(within(sure).getByRole('button', { name: t.delete }));
    await waitFor(() => expect(currentPath()).toBe('/smart'));
    await waitFor(() => expect(cardNames()).toEqual(READY_MADE.filter((name) => name !== '从未播放')));
  });

  it('/smart/{unknown} says there is no such list', async () => {
    await openSmart('/smart/no-such-list');
    expect(await screen.findByText(t.notFound)).toBeTruthy();
  });
});
