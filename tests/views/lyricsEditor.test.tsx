// The lyrics a listener corrects, on /now (docs/behaviour.md#lyrics): 添加歌词 on a track without any, 编辑歌词
// on its source, a bad LRC refused under the text, 添加翻译 shown beside the lines, 显示翻译, who gave them,
// the server's refusal keeping the editor open, and nothing of it for a listener not signed in. The fake
// server keeps lyrics as anniv-go does: the first is the source, its language replaces it, another is a translation.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { text } from '@/shared/text';
import { writeLocal } from '@/storage/local';
import { createFakeAnniv } from './fakeAnniv';
import { currentPath, renderApp, warmUpPages } from './renderApp';
import { savedTrack } from './savedQueue';

beforeAll(warmUpPages, 60_000);

const first = savedTrack(1, 'Opening');
const SOURCE = '[ti:港灯]\n[00:01.00]港口的灯\n[00:04.00]照着回家的船';
const ENGLISH = '[00:01.00]The harbour lights\n[00:04.00]Lighting the boats home';

async function open({ signedIn = true, seed }: { signedIn?: boolean; seed?: (server: Server) => void } = {}) {
  writeLocal('playlist', { tracks: [first, savedTrack(2, 'Night Ferry')], index: 0 });
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  if (signedIn) server.signIn('mio@example.com');
  seed?.(server);
  const app = renderApp('/now', server);
  if (signedIn) await screen.findByRole('region', { name: text.player.nowPlaying });
  return app;
}
type Server = ReturnType<typeof createFakeAnniv>;

const user = () => userEvent.setup();
const panel = () => screen.findByRole('region', { name: text.lyrics.title });
const lines = async () =>
  within(await panel())
    .getAllByRole('listitem')
    .map((li) => li.textContent);
/** the field emptied, then the text given as it would be pasted (brackets are keys to user-event's typing) */
async function fill(field: HTMLElement, value: string) {
  await user().clear(field);
  if (!value) return;
  await user().click(field);
  await user().paste(value);
}
const patches = (server: Server) => server.requests.filter((r) => r.method === 'PATCH' && r.path === '/api/lyric');

async function openEditor(name: string, title = name) {
  await user().click(await within(await panel()).findByRole('button', { name }));
  return screen.findByRole('dialog', { name: title });
}

async function save(dialog: HTMLElement) {
  await user().click(within(dialog).getByRole('button', { name: text.lyrics.save }));
}

describe('lyrics a listener corrects', () => {
  it('添加歌词 on a track without lyrics: LRC first, a language and the text; the lines show at once, given by the listener', async () => {
    const { server } = await open();
    await within(await panel()).findByText(text.lyrics.none);
    const dialog = await openEditor(text.lyrics.add);
    // named fields: the kind (LRC to start), the language, the text
    const kind = within(dialog).getByRole('radiogroup', { name: text.lyrics.type });
    expect(within(kind).getByRole('radio', { name: text.lyrics.types.lrc })).toHaveProperty('checked', true);
    const language = within(dialog).getByRole('textbox', { name: text.lyrics.language });
    const lyric = within(dialog).getByRole('textbox', { name: text.lyrics.lyricText });
    expect([(language as HTMLInputElement).value, (lyric as HTMLTextAreaElement).value]).toEqual(['', '']);
    await fill(language, 'zh-CN');
    await fill(lyric, SOURCE);
    await save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(text.lyrics.saved)).toBeTruthy();
    await waitFor(async () => expect(await lines()).toEqual(['港口的灯', '照着回家的船']));
    expect(await within(await panel()).findByText(text.lyrics.contributor('Mio'))).toBeTruthy();
    expect(patches(server).map((r) => r.body)).toEqual([
      { album_id: first.albumId, disc_id: 1, track_id: 1, type: 'lrc', lang: 'zh-CN', data: SOURCE },
    ]);
    // now the track has lyrics: 编辑歌词 and 添加翻译
    within(await panel()).getByRole('button', { name: text.lyrics.edit });
    within(await panel()).getByRole('button', { name: text.lyrics.addTranslation });
  });

  it('编辑歌词 starts from the source (its language kept); the fixed lines replace it', async () => {
    const { server } = await open({
      seed: (s) => s.addLyrics(first, { language: 'zh-CN', type: 'lrc', data: SOURCE }, 'Anniv'),
    });
    await waitFor(async () => expect(await lines()).toEqual(['港口的灯', '照着回家的船']));
    expect(within(await panel()).getByText(text.lyrics.contributor('Anniv'))).toBeTruthy();
    const dialog = await openEditor(text.lyrics.edit);
    const language = within(dialog).getByRole('textbox', { name: text.lyrics.language }) as HTMLInputElement;
    const lyric = within(dialog).getByRole('textbox', { name: text.lyrics.lyricText }) as HTMLTextAreaElement;
    expect([language.value, language.readOnly, lyric.value]).toEqual(['zh-CN', true, SOURCE]);
    expect(within(dialog).getByText(text.lyrics.sourceLanguageFixed)).toBeTruthy();
    await fill(lyric, '[00:01.00]港口的灯 一盏一盏亮起\n[00:04.00]照着回家的船');
    await save(dialog);
    await waitFor(async () => expect(await lines()).toEqual(['港口的灯 一盏一盏亮起', '照着回家的船']));
    expect(await within(await panel()).findByText(text.lyrics.contributor('Mio'))).toBeTruthy();
    expect(server.lyrics.get(`${first.albumId}/1/1`)?.translations).toEqual([]);
  });

  it('a bad LRC is refused under the text, naming the line and the stamp; nothing is sent until it is fixed', async () => {
    const { server } = await open({
      seed: (s) => s.addLyrics(first, { language: 'zh-CN', type: 'lrc', data: SOURCE }),
    });
    const dialog = await openEditor(text.lyrics.edit);
    const lyric = within(dialog).getByRole('textbox', { name: text.lyrics.lyricText });
    await fill(lyric, '[ti:港灯]\n[00:01.00]港口的灯\n[01:75.00]照着回家的船');
    await save(dialog);
    const message = '第 3 行的时间 [01:75.00] 不对：秒数应小于 60';
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(lyric.getAttribute('aria-invalid')).toBe('true');
    // a line with no time at all
    await fill(lyric, '[00:01.00]港口的灯\n照着回家的船');
    await waitFor(() => expect(within(dialog).queryByText(message)).toBeNull());
    await save(dialog);
    expect(await within(dialog).findByText(text.lyrics.lrcNotTimed(2))).toBeTruthy();
    expect(patches(server)).toEqual([]);
    // as plain text the same lines are fine
    await user().click(within(dialog).getByRole('radio', { name: text.lyrics.types.text }));
    await save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(server)).toHaveLength(1);
    await waitFor(async () => expect(await lines()).toEqual(['[00:01.00]港口的灯', '照着回家的船']));
  });

  it('添加翻译: another language than the source, shown beside the lines with who gave it; 显示翻译 hides and shows it', async () => {
    const { server } = await open({
      seed: (s) => s.addLyrics(first, { language: 'zh-CN', type: 'lrc', data: SOURCE }, 'Anniv'),
    });
    await waitFor(async () => expect(await lines()).toEqual(['港口的灯', '照着回家的船']));
    // no translation yet: no switch
    expect(within(await panel()).queryByRole('switch', { name: text.lyrics.showTranslation })).toBeNull();
    const dialog = await openEditor(text.lyrics.addTranslation);
    const language = within(dialog).getByRole('textbox', { name: text.lyrics.language });
    const lyric = within(dialog).getByRole('textbox', { name: text.lyrics.lyricText });
    await fill(language, 'zh-CN');
    await fill(lyric, ENGLISH);
    await save(dialog);
    expect(await within(dialog).findByText(text.lyrics.sameAsSource('zh-CN'))).toBeTruthy();
    await fill(language, 'en');
    await save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(text.lyrics.translationSaved)).toBeTruthy();
    await waitFor(async () =>
      expect(await lines()).toEqual(['港口的灯The harbour lights', '照着回家的船Lighting the boats home']),
    );
    const credits = `${text.lyrics.contributor('Anniv')} · ${text.lyrics.translator('Mio')}`;
    expect(await within(await panel()).findByText(credits)).toBeTruthy();
    expect(server.lyrics.get(`${first.albumId}/1/1`)?.translations.map((t) => t.language)).toEqual(['en']);

    const toggle = within(await panel()).getByRole('switch', { name: text.lyrics.showTranslation });
    expect(toggle).toHaveProperty('checked', true);
    await user().click(toggle);
    await waitFor(async () => expect(await lines()).toEqual(['港口的灯', '照着回家的船']));
    expect(within(await panel()).getByText(text.lyrics.contributor('Anniv'))).toBeTruthy();
    expect(within(await panel()).queryByText(text.lyrics.translator('Mio'), { exact: false })).toBeNull();
    await user().click(toggle);
    await waitFor(async () =>
      expect(await lines()).toEqual(['港口的灯The harbour lights', '照着回家的船Lighting the boats home']),
    );

    // 添加翻译 again starts from the translation shown; its language replaces it
    const again = await openEditor(text.lyrics.addTranslation);
    const againLanguage = within(again).getByRole('textbox', { name: text.lyrics.language }) as HTMLInputElement;
    const againText = within(again).getByRole('textbox', { name: text.lyrics.lyricText }) as HTMLTextAreaElement;
    expect([againLanguage.value, againText.value]).toEqual(['en', ENGLISH]);
    expect(within(again).getByText(text.lyrics.replacesTranslation('en'))).toBeTruthy();
    // another language the track has none in: an empty text to write
    await fill(againLanguage, 'ja');
    expect(againText.value).toBe('');
    await user().click(within(again).getByRole('button', { name: text.lyrics.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a contributor the server does not name shows nothing', async () => {
    await open({
      seed: (s) => {
        s.addLyrics(first, { language: 'zh-CN', type: 'text', data: '港口的灯\n照着回家的船' }, '');
        s.addLyrics(first, { language: 'en', type: 'text', data: 'The harbour lights\nLighting the boats home' }, '');
      },
    });
    await waitFor(async () =>
      expect(await lines()).toEqual(['港口的灯The harbour lights', '照着回家的船Lighting the boats home']),
    );
    // a text translation lies beside text lines too, with its switch
    within(await panel()).getByRole('switch', { name: text.lyrics.showTranslation });
    expect(within(await panel()).queryByText(/提供$/)).toBeNull();
  });

  it("the server's refusal: its message, and the editor stays open with what was typed", async () => {
    const { server } = await open({
      seed: (s) => s.addLyrics(first, { language: 'zh-CN', type: 'lrc', data: SOURCE }),
    });
    server.state.refused = new Map([['PATCH /api/lyric', { status: 902001, message: 'lyric is locked' }]]);
    const dialog = await openEditor(text.lyrics.edit);
    const lyric = within(dialog).getByRole('textbox', { name: text.lyrics.lyricText }) as HTMLTextAreaElement;
    await fill(lyric, '[00:01.00]港口的灯');
    await save(dialog);
    expect(await screen.findByText('lyric is locked')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: text.lyrics.edit })).toBe(dialog);
    expect(lyric.value).toBe('[00:01.00]港口的灯');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: text.lyrics.save }).hasAttribute('data-loading')).toBe(false),
    );
    // the old lines stay
    expect(await lines()).toEqual(['港口的灯', '照着回家的船']);
  });

  it('a listener who is not signed in is sent to sign in from /now: no lyrics, nothing to edit', async () => {
    await open({ signedIn: false, seed: (s) => s.addLyrics(first, { language: 'zh-CN', type: 'lrc', data: SOURCE }) });
    await waitFor(() => expect(currentPath()).toBe('/user/login?return=%2Fnow'));
    // the player bar shows the queued track, without lyrics
    await screen.findByRole('contentinfo', { name: text.player.nowPlaying });
    expect(screen.queryByRole('region', { name: text.lyrics.title })).toBeNull();
    expect(screen.queryByRole('button', { name: text.lyrics.edit })).toBeNull();
    expect(screen.queryByRole('button', { name: text.lyrics.add })).toBeNull();
  });
});
