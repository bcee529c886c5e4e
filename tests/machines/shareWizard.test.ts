// The share wizard (docs/behaviour.md#dialogs, #sharing, #form-checks, docs/protocol.md#shares) with fake services the tests settle: the
// form as it starts, validation in the spec's order, the selection events, the credential per album
// (无可用于分享的Token), the share created from the trimmed form, the success dialog with copy and
// native share, and failures that go back to the form with everything kept. Then the real actors:
// the clipboard and the share sheet with `navigator` stubbed, and chooseCredentials over real
// library access.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, type AnyActorLogic } from 'xstate';
import { defineShareWizardActors } from '@/features/share/actors';
import {
  NoShareTokenError,
  shareWizardMachine,
  songsOf,
  type ShareWizardContext,
  type ShareWizardInput,
  type ShareWizardSnapshot,
} from '@/features/share/shareWizardMachine';
import { shareFormError } from '@/features/share/forms';
import { createLibraryAccess, type CredentialSource } from '@/features/library/access';
import { ApiError, NetworkError } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';
import { trackKey, type TrackInfo } from '@/shared/track';
import type { Credential, NewShare, PlaylistCover } from '@/shared/types';
import { envelope, fakeApi } from '../unit/fakeFetch';
import { fakeService, flush } from './fakes';

const track = (albumId: string, discId: number, trackId: number): TrackInfo => ({
  albumId,
  discId,
  trackId,
  title: `${albumId} ${discId}-${trackId}`,
  artist: 'Artist',
  type: 'normal',
  albumTitle: `Album ${albumId}`,
});

// two discs of album-a, then album-b
const a11 = track('album-a', 1, 1);
const a12 = track('album-a', 1, 2);
const a21 = track('album-a', 2, 1);
const b13 = track('album-b', 1, 3);
const tracks = [a11, a12, a21, b13];
const allKeys = tracks.map(trackKey);
const cover: PlaylistCover = { albumId: 'album-a', discId: 1 };
const linkBase = 'https://anniv.example';
const baseInput: ShareWizardInput = { tracks, cover, name: 'Harbor Lights', linkBase };

type Fakes = ReturnType<typeof makeFakes>;
function makeFakes() {
  return {
    chooseCredentials: fakeService<Record<string, string>, { albumIds: string[] }>(),
    createShare: fakeService<string, NewShare>(),
    copyLink: fakeService<void, { link: string }>(),
    nativeShare: fakeService<void, { link: string; title: string }>(),
  };
}

function start(input: ShareWizardInput = baseInput) {
  const fakes = makeFakes();
  const actor = createActor(
    shareWizardMachine.provide({
      actors: {
        chooseCredentials: fakes.chooseCredentials.logic,
        createShare: fakes.createShare.logic,
        copyLink: fakes.copyLink.logic,
        nativeShare: fakes.nativeShare.logic,
      },
    }),
    { input },
  );
  const emitted: NotifyEvent[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, fakes, emitted };
}

type Started = ReturnType<typeof start>;

const tags = (s: ShareWizardSnapshot) => [...s.tags].sort();
const success = (message: string): NotifyEvent => ({ type: 'notify', severity: 'success', message });
const error = (message: string): NotifyEvent => ({ type: 'notify', severity: 'error', message });
const callCount = (fakes: Fakes) => Object.values(fakes).reduce((n, f) => n + f.calls.length, 0);

/** fill the form and submit it: the wizard asks for the credentials */
function submitFilled(started: Started, name = '周末', description = '一起听') {
  started.actor.send({ type: 'EDIT', name, description });
  started.actor.send({ type: 'SUBMIT' });
  expect(started.actor.getSnapshot().value).toBe('choosingCredentials');
}

/** through to the success dialog */
async function succeeded(id = 'qWeRtYuI') {
  const started = start();
  submitFilled(started);
  started.fakes.chooseCredentials.last.resolve({ 'album-a': 'c1', 'album-b': 'c2' });
  await flush();
  started.fakes.createShare.last.resolve(id);
  await flush();
  expect(started.actor.getSnapshot().value).toBe('succeeded');
  started.emitted.length = 0;
  return started;
}

describe('share wizard: the form as it starts', () => {
  it('is editing with every track selected, the given name, no description, no error', () => {
    const { actor, fakes, emitted } = start();
    const s = actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(tags(s)).toEqual(['form']);
    expect(s.context).toEqual<ShareWizardContext>({
      tracks,
      cover,
      linkBase,
      name: 'Harbor Lights',
      description: '',
      selected: allKeys,
      formError: null,
      albums: {},
      link: null,
    });
    expect(callCount(fakes)).toBe(0);
    expect(emitted).toEqual([]);
  });

  it('without a starting name the name is empty', () => {
    const { actor } = start({ tracks, cover, linkBase });
    expect(actor.getSnapshot().context.name).toBe('');
  });

  it('takes the form events only while editing', () => {
    const { actor } = start();
    const s = actor.getSnapshot();
    for (const type of ['COPY', 'NATIVE_SHARE', 'CONFIRM'] as const) expect(s.can({ type })).toBe(false);
    expect(s.can({ type: 'SUBMIT' })).toBe(true);
    expect(s.can({ type: 'EDIT', name: 'x', description: 'y' })).toBe(true);
  });
});

describe('share wizard: validation in the spec order', () => {
  it.each([
    ['both blank', '', ''],
    ['name blank', '', '一起听'],
    ['description blank', '周末', ''],
    ['name only spaces', '   ', '一起听'],
    ['description only whitespace', '周末', ' \t\n '],
    ['both whitespace', '\u3000 ', '  '],
  ])('%s → 请填写完整信息, back to editing, nothing asked', (_, name, description) => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'EDIT', name, description });
    actor.send({ type: 'SUBMIT' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(s.context.formError).toBe(text.share.incomplete);
    expect(s.context.formError).toBe('请填写完整信息');
    expect(s.context.name).toBe(name);
    expect(s.context.description).toBe(description);
    expect(s.context.selected).toEqual(allKeys);
    expect(callCount(fakes)).toBe(0);
    // the form shows it; no toast
    expect(emitted).toEqual([]);
  });

  it('the starting name alone is not enough: the description is required', () => {
    const { actor } = start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.formError).toBe(text.share.incomplete);
  });

  it('a blank field is told first even when no track is selected', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'CLEAR_ALL' });
    actor.send({ type: 'EDIT', name: ' ', description: '一起听' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.formError).toBe(text.share.incomplete);
    actor.send({ type: 'EDIT', name: '周末', description: '' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.formError).toBe(text.share.incomplete);
    expect(callCount(fakes)).toBe(0);
  });

  it('a complete form with no track selected → 请选择要分享的歌曲', () => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'EDIT', name: '周末', description: '一起听' });
    actor.send({ type: 'CLEAR_ALL' });
    actor.send({ type: 'SUBMIT' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(s.context.formError).toBe('请选择要分享的歌曲');
    expect(s.context.formError).toBe(text.share.noSongs);
    expect(callCount(fakes)).toBe(0);
    expect(emitted).toEqual([]);
  });

  it('every track toggled off is no track selected too', () => {
    const { actor } = start();
    actor.send({ type: 'EDIT', name: '周末', description: '一起听' });
    for (const key of allKeys) actor.send({ type: 'TOGGLE_TRACK', key });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.formError).toBe(text.share.noSongs);
  });

  it('a valid SUBMIT after an invalid one clears the error and asks for the credentials', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.formError).toBe(text.share.incomplete);
    submitFilled({ actor, fakes, emitted: [] });
    const s = actor.getSnapshot();
    expect(s.context.formError).toBeNull();
    expect(tags(s)).toEqual(['busy', 'form']);
    expect(fakes.chooseCredentials.calls).toHaveLength(1);
  });

  it.each<[string, Pick<ShareWizardContext, 'name' | 'description' | 'selected'>, string | null]>([
    ['complete', { name: 'a', description: 'b', selected: ['k'] }, null],
    ['complete, padded', { name: ' a ', description: '\tb', selected: ['k'] }, null],
    ['name blank', { name: '', description: 'b', selected: ['k'] }, text.share.incomplete],
    ['description spaces', { name: 'a', description: '   ', selected: ['k'] }, text.share.incomplete],
    ['blank and nothing selected', { name: ' ', description: '', selected: [] }, text.share.incomplete],
    ['nothing selected', { name: 'a', description: 'b', selected: [] }, text.share.noSongs],
  ])('shareFormError: %s', (_, form, expected) => {
    expect(shareFormError(form)).toBe(expected);
  });
});

describe('share wizard: choosing tracks', () => {
  it('TOGGLE_TRACK takes a track out and puts it back', () => {
    const { actor } = start();
    actor.send({ type: 'TOGGLE_TRACK', key: trackKey(a12) });
    expect(actor.getSnapshot().context.selected).toEqual([trackKey(a11), trackKey(a21), trackKey(b13)]);
    actor.send({ type: 'TOGGLE_TRACK', key: trackKey(a12) });
    expect([...actor.getSnapshot().context.selected].sort()).toEqual([...allKeys].sort());
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('CLEAR_ALL empties the selection, SELECT_ALL chooses every track in their order', () => {
    const { actor } = start();
    actor.send({ type: 'CLEAR_ALL' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'TOGGLE_TRACK', key: trackKey(b13) });
    expect(actor.getSnapshot().context.selected).toEqual([trackKey(b13)]);
    actor.send({ type: 'SELECT_ALL' });
    expect(actor.getSnapshot().context.selected).toEqual(allKeys);
    actor.send({ type: 'SELECT_ALL' });
    expect(actor.getSnapshot().context.selected).toEqual(allKeys);
  });

  it('EDIT changes only name and description', () => {
    const { actor } = start();
    actor.send({ type: 'CLEAR_ALL' });
    actor.send({ type: 'EDIT', name: 'n', description: 'd' });
    const { context } = actor.getSnapshot();
    expect(context.name).toBe('n');
    expect(context.description).toBe('d');
    expect(context.selected).toEqual([]);
  });

  // once a bug these tests found: a key that is no track of the list counted as a chosen track, so
  // the form passed with nothing to share
  it('a TOGGLE_TRACK of a key that is no track does not make an empty selection valid', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'EDIT', name: '周末', description: '一起听' });
    actor.send({ type: 'CLEAR_ALL' });
    actor.send({ type: 'TOGGLE_TRACK', key: 'no-such-track' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.formError).toBe(text.share.noSongs);
    expect(fakes.chooseCredentials.calls).toHaveLength(0);
  });
});

describe('share wizard: songsOf', () => {
  const keys = (...list: TrackInfo[]) => list.map(trackKey);
  it.each<[string, TrackInfo[], string[], NewShare['songs']]>([
    [
      'two discs of one album',
      [a11, a12, a21],
      keys(a11, a12, a21),
      [
        { albumId: 'album-a', discId: 1, tracks: [1, 2] },
        { albumId: 'album-a', discId: 2, tracks: [1] },
      ],
    ],
    [
      'a gap in the selection stays one disc',
      [track('x', 1, 1), track('x', 1, 2), track('x', 1, 3), track('x', 1, 4)],
      keys(track('x', 1, 1), track('x', 1, 3), track('x', 1, 4)),
      [{ albumId: 'x', discId: 1, tracks: [1, 3, 4] }],
    ],
    [
      'two albums, in the list order',
      [b13, a11, a12],
      keys(a11, b13, a12),
      [
        { albumId: 'album-b', discId: 1, tracks: [3] },
        { albumId: 'album-a', discId: 1, tracks: [1, 2] },
      ],
    ],
    [
      'an album coming back after another starts a new group',
      [a11, b13, a12],
      keys(a11, b13, a12),
      [
        { albumId: 'album-a', discId: 1, tracks: [1] },
        { albumId: 'album-b', discId: 1, tracks: [3] },
        { albumId: 'album-a', discId: 1, tracks: [2] },
      ],
    ],
    ['nothing selected', tracks, [], []],
    [
      'a whole disc left out',
      [a11, a12, a21, b13],
      keys(a11, b13),
      [
        { albumId: 'album-a', discId: 1, tracks: [1] },
        { albumId: 'album-b', discId: 1, tracks: [3] },
      ],
    ],
  ])('%s', (_, list, selected, songs) => {
    expect(songsOf(list, selected)).toEqual(songs);
  });
});

describe('share wizard: credentials per album', () => {
  it('asks for the distinct album ids of the chosen tracks only, in their order', () => {
    const started = start();
    started.actor.send({ type: 'TOGGLE_TRACK', key: trackKey(b13) });
    submitFilled(started);
    expect(started.fakes.chooseCredentials.calls.map((c) => c.input)).toEqual([{ albumIds: ['album-a'] }]);
  });

  it('two albums chosen: both, once each', () => {
    const started = start({ ...baseInput, tracks: [b13, a11, a12, a21] });
    submitFilled(started);
    expect(started.fakes.chooseCredentials.last.input).toEqual({ albumIds: ['album-b', 'album-a'] });
  });

  it('takes no SUBMIT, EDIT or selection change while busy', () => {
    const started = start();
    submitFilled(started);
    const s = started.actor.getSnapshot();
    expect(s.can({ type: 'SUBMIT' })).toBe(false);
    expect(s.can({ type: 'EDIT', name: 'x', description: 'y' })).toBe(false);
    expect(s.can({ type: 'CLEAR_ALL' })).toBe(false);
    started.actor.send({ type: 'SUBMIT' });
    expect(started.fakes.chooseCredentials.calls).toHaveLength(1);
  });

  it('NoShareTokenError → failed → editing with 无可用于分享的Token, a notify, the form kept', async () => {
    const started = start();
    started.actor.send({ type: 'TOGGLE_TRACK', key: trackKey(a12) });
    submitFilled(started, ' 周末 ', '一起听');
    const seen: string[] = [];
    started.actor.subscribe((s) => seen.push(String(s.value)));
    started.fakes.chooseCredentials.last.reject(new NoShareTokenError());
    await flush();
    const s = started.actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(tags(s)).toEqual(['form']);
    expect(s.context.formError).toBe('无可用于分享的Token');
    expect(s.context.formError).toBe(text.share.noToken);
    expect(started.emitted).toEqual([error(text.share.noToken)]);
    expect(s.context.name).toBe(' 周末 ');
    expect(s.context.description).toBe('一起听');
    expect(s.context.selected).toEqual([trackKey(a11), trackKey(a21), trackKey(b13)]);
    expect(s.context.link).toBeNull();
    expect(started.fakes.createShare.calls).toHaveLength(0);
    expect(seen).toEqual(['editing']);
  });

  it('NoShareTokenError is an Error named for what it is, with the catalogue text', () => {
    const e = new NoShareTokenError();
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('NoShareTokenError');
    expect(e.message).toBe(text.share.noToken);
  });
});

describe('share wizard: creating the share', () => {
  it('sends the trimmed name and description, the cover, the songs by disc and the chosen credentials', async () => {
    const started = start();
    started.actor.send({ type: 'TOGGLE_TRACK', key: trackKey(a12) });
    submitFilled(started, '  周末 ', '\t一起听\n');
    started.fakes.chooseCredentials.last.resolve({ 'album-a': 'c1', 'album-b': 'c2' });
    await flush();
    const s = started.actor.getSnapshot();
    expect(s.value).toBe('submitting');
    expect(tags(s)).toEqual(['busy', 'form']);
    expect(s.context.albums).toEqual({ 'album-a': 'c1', 'album-b': 'c2' });
    expect(started.fakes.createShare.calls.map((c) => c.input)).toEqual<NewShare[]>([
      {
        name: '周末',
        description: '一起听',
        cover,
        songs: [
          { albumId: 'album-a', discId: 1, tracks: [1] },
          { albumId: 'album-a', discId: 2, tracks: [1] },
          { albumId: 'album-b', discId: 1, tracks: [3] },
        ],
        albums: { 'album-a': 'c1', 'album-b': 'c2' },
      },
    ]);
    // the typed text itself is kept as typed
    expect(s.context.name).toBe('  周末 ');
    expect(s.can({ type: 'SUBMIT' })).toBe(false);
  });

  it.each([
    ['a plain id', 'qWeRtYuI', `${linkBase}/s/qWeRtYuI`],
    ['an id that needs encoding', 'a b/c?d', `${linkBase}/s/a%20b%2Fc%3Fd`],
  ])('success (%s) → succeeded with the link (the dialog says 分享成功, no toast)', async (_, id, link) => {
    const started = start();
    submitFilled(started);
    started.fakes.chooseCredentials.last.resolve({ 'album-a': 'c1', 'album-b': 'c2' });
    await flush();
    started.fakes.createShare.last.resolve(id);
    await flush();
    const s = started.actor.getSnapshot();
    expect(s.value).toBe('succeeded');
    expect(tags(s)).toEqual(['succeeded']);
    expect(s.context.link).toBe(link);
    // the success dialog says 分享成功; no toast over it
    expect(started.emitted).toEqual([]);
    expect(s.can({ type: 'SUBMIT' })).toBe(false);
  });

  it.each([
    ['the server refuses', new ApiError(900000, 'token does not support share'), 'token does not support share'],
    ['an HTTP error', new NetworkError(503, 'Service Unavailable'), '网络错误: 503 Service Unavailable'],
    ['no answer', new NetworkError(null), '未知网络错误'],
    ['something without a message', {}, text.errors.unknown],
  ])(
    'a failure (%s) → editing with its message, a notify, the form kept; SUBMIT again works',
    async (_, reason, message) => {
      const started = start();
      started.actor.send({ type: 'TOGGLE_TRACK', key: trackKey(a21) });
      submitFilled(started);
      started.fakes.chooseCredentials.last.resolve({ 'album-a': 'c1', 'album-b': 'c2' });
      await flush();
      started.fakes.createShare.last.reject(reason);
      await flush();
      let s = started.actor.getSnapshot();
      expect(s.value).toBe('editing');
      expect(s.context.formError).toBe(message);
      expect(started.emitted).toEqual([error(message)]);
      expect(s.context.name).toBe('周末');
      expect(s.context.description).toBe('一起听');
      expect(s.context.selected).toEqual([trackKey(a11), trackKey(a12), trackKey(b13)]);
      expect(s.context.link).toBeNull();

      started.actor.send({ type: 'SUBMIT' });
      s = started.actor.getSnapshot();
      expect(s.value).toBe('choosingCredentials');
      expect(s.context.formError).toBeNull();
      // the credentials are chosen again (they may have changed)
      expect(started.fakes.chooseCredentials.calls).toHaveLength(2);
      started.fakes.chooseCredentials.last.resolve({ 'album-a': 'c3', 'album-b': 'c2' });
      await flush();
      expect(started.fakes.createShare.calls).toHaveLength(2);
      expect(started.fakes.createShare.last.input.albums).toEqual({ 'album-a': 'c3', 'album-b': 'c2' });
      started.fakes.createShare.last.resolve('second');
      await flush();
      s = started.actor.getSnapshot();
      expect(s.value).toBe('succeeded');
      expect(s.context.link).toBe(`${linkBase}/s/second`);
      expect(started.emitted).toEqual([error(message)]);
    },
  );

  it('a failure choosing the credentials (a broken store) shows its message', async () => {
    const started = start();
    submitFilled(started);
    started.fakes.chooseCredentials.last.reject(new Error('IndexedDB unavailable'));
    await flush();
    expect(started.actor.getSnapshot().value).toBe('editing');
    expect(started.actor.getSnapshot().context.formError).toBe('IndexedDB unavailable');
    expect(started.emitted).toEqual([error('IndexedDB unavailable')]);
  });
});

describe('share wizard: the success dialog', () => {
  it('COPY → copying (busy) with the link → succeeded with 复制成功', async () => {
    const { actor, fakes, emitted } = await succeeded();
    actor.send({ type: 'COPY' });
    let s = actor.getSnapshot();
    expect(s.value).toBe('copying');
    expect(tags(s)).toEqual(['busy', 'succeeded']);
    expect(fakes.copyLink.calls.map((c) => c.input)).toEqual([{ link: `${linkBase}/s/qWeRtYuI` }]);
    expect(s.can({ type: 'COPY' })).toBe(false);
    expect(s.can({ type: 'CONFIRM' })).toBe(false);
    fakes.copyLink.last.resolve();
    await flush();
    s = actor.getSnapshot();
    expect(s.value).toBe('succeeded');
    expect(emitted).toEqual([success('复制成功')]);
    expect(s.context.link).toBe(`${linkBase}/s/qWeRtYuI`);
  });

  it('a copy failure → succeeded with its message (您的浏览器不支持复制功能)', async () => {
    const { actor, fakes, emitted } = await succeeded();
    actor.send({ type: 'COPY' });
    fakes.copyLink.last.reject(new Error(text.share.noClipboard));
    await flush();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(emitted).toEqual([error('您的浏览器不支持复制功能')]);
    // and another try
    actor.send({ type: 'COPY' });
    expect(fakes.copyLink.calls).toHaveLength(2);
  });

  it('NATIVE_SHARE → sharing with the link and the trimmed name → succeeded, quietly', async () => {
    const { actor, fakes, emitted } = await succeeded();
    actor.send({ type: 'NATIVE_SHARE' });
    let s = actor.getSnapshot();
    expect(s.value).toBe('sharing');
    expect(tags(s)).toEqual(['busy', 'succeeded']);
    expect(fakes.nativeShare.calls.map((c) => c.input)).toEqual([{ link: `${linkBase}/s/qWeRtYuI`, title: '周末' }]);
    expect(s.can({ type: 'NATIVE_SHARE' })).toBe(false);
    fakes.nativeShare.last.resolve();
    await flush();
    s = actor.getSnapshot();
    expect(s.value).toBe('succeeded');
    expect(emitted).toEqual([]);
  });

  it('a native share failure → succeeded with its message (您的浏览器不支持分享功能)', async () => {
    const { actor, fakes, emitted } = await succeeded();
    actor.send({ type: 'NATIVE_SHARE' });
    fakes.nativeShare.last.reject(new Error(text.share.noNativeShare));
    await flush();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(emitted).toEqual([error('您的浏览器不支持分享功能')]);
  });

  it('CONFIRM → done, the final state', async () => {
    const { actor, fakes, emitted } = await succeeded();
    actor.send({ type: 'CONFIRM' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('done');
    expect(s.status).toBe('done');
    expect(tags(s)).toEqual([]);
    expect(emitted).toEqual([]);
    expect(fakes.copyLink.calls).toHaveLength(0);
    expect(fakes.nativeShare.calls).toHaveLength(0);
  });
});

async function run<TOutput, TInput>(logic: AnyActorLogic, input: TInput): Promise<TOutput> {
  const actor = createActor(logic, { input });
  // without an error observer a rejection would also be reported as unhandled
  actor.subscribe({ error: () => {} });
  actor.start();
  return (await toPromise(actor)) as TOutput;
}

describe('share wizard: the real clipboard and share sheet actors', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const unusedAccess = createLibraryAccess({
    credentials: () => [],
    ready: () => true,
    librariesOf: async () => new Map(),
  });
  const { api } = fakeApi(() => envelope(null));
  const actors = defineShareWizardActors({ api, access: unusedAccess });
  const link = `${linkBase}/s/qWeRtYuI`;

  it('copyLink writes the link to the clipboard', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(run(actors.copyLink, { link })).resolves.toBeUndefined();
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it.each([
    ['no navigator at all', undefined],
    ['no clipboard', {}],
    ['a clipboard without writeText', { clipboard: {} }],
  ])('copyLink with %s → 您的浏览器不支持复制功能', async (_, navigatorValue) => {
    vi.stubGlobal('navigator', navigatorValue);
    await expect(run(actors.copyLink, { link })).rejects.toThrow('您的浏览器不支持复制功能');
  });

  it('copyLink when writeText rejects (no permission) → 您的浏览器不支持复制功能', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(run(actors.copyLink, { link })).rejects.toThrow(text.share.noClipboard);
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  it('nativeShare opens the share sheet with the title and the link', async () => {
    const share = vi.fn(async (_data: ShareData) => {});
    vi.stubGlobal('navigator', { share });
    await expect(run(actors.nativeShare, { link, title: '周末' })).resolves.toBeUndefined();
    expect(share).toHaveBeenCalledWith({ title: '周末', url: link });
  });

  it.each([
    ['no navigator at all', undefined],
    ['no navigator.share', { clipboard: {} }],
    ['a share that is not a function', { share: true }],
  ])('nativeShare with %s → 您的浏览器不支持分享功能', async (_, navigatorValue) => {
    vi.stubGlobal('navigator', navigatorValue);
    await expect(run(actors.nativeShare, { link, title: '周末' })).rejects.toThrow('您的浏览器不支持分享功能');
  });

  it('nativeShare closed by the listener (AbortError) resolves quietly', async () => {
    vi.stubGlobal('navigator', {
      share: vi.fn(async () => {
        throw new DOMException('Share canceled', 'AbortError');
      }),
    });
    await expect(run(actors.nativeShare, { link, title: '周末' })).resolves.toBeUndefined();
  });

  it('nativeShare refused otherwise → 您的浏览器不支持分享功能', async () => {
    vi.stubGlobal('navigator', {
      share: vi.fn(async () => {
        throw new DOMException('Not allowed', 'NotAllowedError');
      }),
    });
    await expect(run(actors.nativeShare, { link, title: '周末' })).rejects.toThrow(text.share.noNativeShare);
  });

  it('in the machine: a refused copy is told with the catalogue text and the dialog stays', async () => {
    vi.stubGlobal('navigator', {});
    const fakes = makeFakes();
    const actor = createActor(
      shareWizardMachine.provide({
        actors: {
          chooseCredentials: fakes.chooseCredentials.logic,
          createShare: fakes.createShare.logic,
          copyLink: actors.copyLink,
          nativeShare: actors.nativeShare,
        },
      }),
      { input: baseInput },
    );
    const emitted: NotifyEvent[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    submitFilled({ actor, fakes, emitted });
    fakes.chooseCredentials.last.resolve({ 'album-a': 'c1', 'album-b': 'c1' });
    await flush();
    fakes.createShare.last.resolve('id1');
    await flush();
    actor.send({ type: 'COPY' });
    await flush();
    actor.send({ type: 'NATIVE_SHARE' });
    await flush();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(emitted).toEqual([error(text.share.noClipboard), error(text.share.noNativeShare)]);
    actor.stop();
  });
});

describe('share wizard: the real chooseCredentials over library access', () => {
  const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const jwt = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;
  const sharing = (allowed?: string[]) =>
    jwt({ type: 'user', share: { key_id: 'k', secret: 's', ...(allowed && { allowed }) } });
  const cred = (id: string, url: string, priority: number, token: string): Credential => ({
    id,
    name: id,
    url,
    token,
    priority,
    controlled: false,
  });

  const HOME = cred('home', 'https://home.example', 1, sharing());
  const NAS = cred('nas', 'https://nas.example', 5, sharing(['album-b']));
  const PLAIN = cred('plain', 'https://home.example', 9, jwt({ type: 'user' }));

  function source(holdings: Record<string, string[]>): CredentialSource & { asked: string[][] } {
    const asked: string[][] = [];
    return {
      asked,
      credentials: () => [HOME, NAS, PLAIN],
      ready: () => true,
      librariesOf: async (ids) => {
        asked.push([...ids]);
        return new Map(ids.map((id) => [id, holdings[id] ?? []]));
      },
    };
  }

  const { api } = fakeApi(() => envelope(null));

  it('per album, the highest-priority credential that may share it', async () => {
    const src = source({
      'album-a': ['https://home.example', 'https://nas.example'],
      'album-b': ['https://home.example', 'https://nas.example'],
    });
    const { chooseCredentials } = defineShareWizardActors({ api, access: createLibraryAccess(src) });
    await expect(run(chooseCredentials, { albumIds: ['album-a', 'album-b'] })).resolves.toEqual({
      'album-a': 'home',
      'album-b': 'nas',
    });
    expect(src.asked).toEqual([['album-a', 'album-b']]);
  });

  it('an album no credential may share → NoShareTokenError (无可用于分享的Token)', async () => {
    // album-c: only the plain token's library holds it, and that token has no share claim
    const src = source({ 'album-a': ['https://home.example'], 'album-c': ['https://home.example'] });
    const access = createLibraryAccess({ ...src, credentials: () => [NAS, PLAIN] });
    const { chooseCredentials } = defineShareWizardActors({ api, access });
    const rejected = run(chooseCredentials, { albumIds: ['album-a', 'album-c'] });
    await expect(rejected).rejects.toBeInstanceOf(NoShareTokenError);
    await expect(rejected).rejects.toThrow(text.share.noToken);
  });

  it('an album held by no library → NoShareTokenError', async () => {
    const { chooseCredentials } = defineShareWizardActors({ api, access: createLibraryAccess(source({})) });
    await expect(run(chooseCredentials, { albumIds: ['album-a'] })).rejects.toBeInstanceOf(NoShareTokenError);
  });

  it('in the machine: no credential for an album goes back to the form with 无可用于分享的Token', async () => {
    const real = defineShareWizardActors({
      api,
      access: createLibraryAccess(source({ 'album-a': ['https://home.example'] })),
    });
    const fakes = makeFakes();
    const actor = createActor(
      shareWizardMachine.provide({
        actors: {
          chooseCredentials: real.chooseCredentials,
          createShare: fakes.createShare.logic,
          copyLink: fakes.copyLink.logic,
          nativeShare: fakes.nativeShare.logic,
        },
      }),
      { input: baseInput },
    );
    const emitted: NotifyEvent[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.start();
    submitFilled({ actor, fakes, emitted });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('editing'));
    expect(actor.getSnapshot().context.formError).toBe(text.share.noToken);
    expect(emitted).toEqual([error(text.share.noToken)]);
    expect(fakes.createShare.calls).toHaveLength(0);

    // with album-b deselected, album-a alone can be shared
    actor.send({ type: 'TOGGLE_TRACK', key: trackKey(b13) });
    actor.send({ type: 'SUBMIT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('submitting'));
    expect(fakes.createShare.last.input.albums).toEqual({ 'album-a': 'home' });
    actor.stop();
  });

  it('the real createShare posts the share and answers its id', async () => {
    const { api: shareApi, calls } = fakeApi(() => envelope('qWeRtYuI'));
    const { createShare } = defineShareWizardActors({ api: shareApi, access: createLibraryAccess(source({})) });
    const share: NewShare = {
      name: '周末',
      description: '一起听',
      cover,
      songs: [{ albumId: 'album-a', discId: 1, tracks: [1, 2] }],
      albums: { 'album-a': 'home' },
    };
    await expect(run(createShare, share)).resolves.toBe('qWeRtYuI');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url.pathname).toBe('/api/share');
  });
});
