// The playlists store (docs/behaviour.md#other-pages, #dialogs, #playlists) with fake services the tests settle: loading, the create
// dialog and its rules, the delete confirm, the 添加到播放列表 dialog (choose a list, or create one and
// add to it), PLAYLIST_SAVED from a list's page, and RESET (signed out) from every state.
import { describe, expect, it } from 'vitest';
import { createActor, type StateValue } from 'xstate';
import {
  playlistsMachine,
  type AppendInput,
  type PlaylistsContext,
  type PlaylistsSnapshot,
} from '@/features/playlists/playlistsMachine';
import { playlistMachine, type ReorderInput, type UpdateInfoInput } from '@/features/playlists/playlistMachine';
import { ApiError, BadResponseError, NetworkError } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { Playlist, PlaylistFields, PlaylistInfo, PlaylistItem } from '@/shared/types';
import { fakeService, flush, type FakeCall } from './fakes';

const track = (id: string): TrackInfo => ({
  albumId: `album-${id}`,
  discId: 1,
  trackId: 1,
  title: `Track ${id}`,
  artist: 'Artist',
  type: 'normal',
  albumTitle: `Album ${id}`,
});
const info = (id: string, extra: Partial<PlaylistInfo> = {}): PlaylistInfo => ({
  id,
  name: `List ${id}`,
  description: '',
  isPublic: true,
  cover: null,
  owner: '1',
  lastModified: 1_700_000_000 + Number(id),
  ...extra,
});
const itemOf = (id: string, t: TrackInfo): PlaylistItem => ({ id, type: 'normal', description: '', track: t });
const full = (i: PlaylistInfo, items: PlaylistItem[] = []): Playlist => ({ ...i, items, version: null });

const one = info('1');
const two = info('2');
const three = info('3');
const a = track('a');
const b = track('b');
const form: PlaylistFields = { name: '通勤', description: '路上听', isPublic: false };
const initialContext: PlaylistsContext = {
  playlists: [],
  formError: null,
  pendingDelete: null,
  pendingTracks: [],
  target: null,
  page: null,
};

type Emitted = NotifyEvent | { type: 'playlistDeleted'; id: string };

function start() {
  const fakes = {
    listPlaylists: fakeService<PlaylistInfo[]>(),
    createPlaylist: fakeService<Playlist, PlaylistFields>(),
    deletePlaylist: fakeService<void, { id: string }>(),
    appendTracks: fakeService<Playlist, AppendInput>(),
  };
  const actor = createActor(
    playlistsMachine.provide({
      actors: {
        listPlaylists: fakes.listPlaylists.logic,
        createPlaylist: fakes.createPlaylist.logic,
        deletePlaylist: fakes.deletePlaylist.logic,
        appendTracks: fakes.appendTracks.logic,
      },
    }),
  );
  const emitted: Emitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, fakes, emitted };
}

async function ready(lists: PlaylistInfo[] = [one, two, three]) {
  const started = start();
  started.actor.send({ type: 'LOAD' });
  started.fakes.listPlaylists.last.resolve(lists);
  await flush();
  expect(started.actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
  return started;
}

const tags = (s: PlaylistsSnapshot) => [...s.tags].sort();
const success = (message: string): NotifyEvent => ({ type: 'notify', severity: 'success', message });
const error = (message: string): NotifyEvent => ({ type: 'notify', severity: 'error', message });
const callCount = (fakes: ReturnType<typeof start>['fakes']) =>
  Object.values(fakes).reduce((n, f) => n + f.calls.length, 0);

describe('playlists store: loading', () => {
  it('waits in idle (shown as loading) with nothing until LOAD', () => {
    const { actor, fakes } = start();
    const s = actor.getSnapshot();
    expect(s.value).toBe('idle');
    expect(tags(s)).toEqual(['loading']);
    expect(s.context).toEqual(initialContext);
    expect(callCount(fakes)).toBe(0);
  });

  it('loads after LOAD (busy, loading), then is ready with the lists in the server order', async () => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'LOAD' });
    let s = actor.getSnapshot();
    expect(s.value).toBe('loading');
    expect(tags(s)).toEqual(['busy', 'loading']);
    expect(fakes.listPlaylists.calls).toHaveLength(1);

    fakes.listPlaylists.last.resolve([three, one, two]);
    await flush();
    s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(tags(s)).toEqual(['ready']);
    expect(s.context).toEqual({ ...initialContext, playlists: [three, one, two] });
    expect(emitted).toEqual([]);
  });

  it('a second LOAD while loading does not start a second request', () => {
    const { actor, fakes } = start();
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.listPlaylists.calls).toHaveLength(1);
  });

  it.each([
    ['the server refuses', new ApiError(902002, 'unauthorized'), 'unauthorized'],
    ['an HTTP error', new NetworkError(503, 'Service Unavailable'), '网络错误: 503 Service Unavailable'],
    ['no answer', new NetworkError(null), '未知网络错误'],
    ['an answer that is not JSON', new BadResponseError(), text.errors.badResponse],
  ])('a load failure (%s) emits one error notify with its message and ends in failed', async (_, reason, message) => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'LOAD' });
    fakes.listPlaylists.last.reject(reason);
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toBe('failed');
    expect(tags(s)).toEqual(['failed']);
    expect(s.context).toEqual(initialContext);
    expect(emitted).toEqual([error(message)]);
  });

  it('LOAD after a failure tries again and can succeed', async () => {
    const { actor, fakes, emitted } = start();
    actor.send({ type: 'LOAD' });
    fakes.listPlaylists.last.reject(new NetworkError(null));
    await flush();
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(fakes.listPlaylists.calls).toHaveLength(2);
    fakes.listPlaylists.last.resolve([one]);
    await flush();
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.playlists).toEqual([one]);
    // still the one toast of the first failure
    expect(emitted).toEqual([error('未知网络错误')]);
  });

  it('LOAD when ready starts no second request and keeps the lists (they load once per sign-in)', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().matches({ ready: 'browsing' })).toBe(true);
    expect(fakes.listPlaylists.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.playlists).toEqual([one, two, three]);
  });

  it('dialogs cannot be opened before the lists are loaded', () => {
    const { actor } = start();
    expect(actor.getSnapshot().can({ type: 'OPEN_CREATE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'ADD_TRACKS', tracks: [a] })).toBe(false);
    actor.send({ type: 'LOAD' });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'ADD_TRACKS', tracks: [a] });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.pendingTracks).toEqual([]);
  });
});

describe('playlists store: the create dialog', () => {
  it('the messages are the spec texts', () => {
    expect(text.playlist.nameRequired).toBe('请输入播放列表名称');
    expect(text.playlist.nameTooLong(200)).toBe('播放列表名称不能超过 200 个字符');
    expect(text.playlist.descriptionTooLong(5000)).toBe('说明不能超过 5000 个字符');
    expect(text.playlist.added).toBe('添加成功');
  });

  it('OPEN_CREATE opens it with no error; CLOSE closes it and creates nothing', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'OPEN_CREATE' });
    let s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'createDialog' });
    expect(tags(s)).toEqual(['createDialog', 'ready']);
    expect(s.context.formError).toBeNull();
    actor.send({ type: 'CLOSE' });
    s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(fakes.createPlaylist.calls).toHaveLength(0);
    expect(s.context.playlists).toEqual([one, two, three]);
  });

  const name201 = 'x'.repeat(201);
  const description5001 = 'd'.repeat(5001);
  it.each<[string, Partial<PlaylistFields>, string]>([
    ['an empty name', { name: '' }, '请输入播放列表名称'],
    ['a name of spaces', { name: '   ' }, '请输入播放列表名称'],
    ['a name of whitespace', { name: '\t\n \u3000' }, '请输入播放列表名称'],
    ['a 201-character name', { name: name201 }, '播放列表名称不能超过 200 个字符'],
    [
      'a 201-character name of emoji (counted as characters)',
      { name: '🎵'.repeat(201) },
      '播放列表名称不能超过 200 个字符',
    ],
    ['a 5001-character description', { description: description5001 }, '说明不能超过 5000 个字符'],
    // the first failing rule is the one shown
    ['an empty name and a long description', { name: ' ', description: description5001 }, '请输入播放列表名称'],
    [
      'a long name and a long description',
      { name: name201, description: description5001 },
      '播放列表名称不能超过 200 个字符',
    ],
  ])('refuses %s with its message, sends nothing and stays open', async (_, change, message) => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SUBMIT_CREATE', form: { ...form, ...change } });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'createDialog' });
    expect(s.context.formError).toBe(message);
    expect(fakes.createPlaylist.calls).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  it.each<[string, PlaylistFields, PlaylistFields]>([
    ['a name of exactly 200 characters', { ...form, name: 'n'.repeat(200) }, { ...form, name: 'n'.repeat(200) }],
    ['200 emoji (400 UTF-16 units)', { ...form, name: '🎵'.repeat(200) }, { ...form, name: '🎵'.repeat(200) }],
    [
      '200 characters with spaces around them',
      { ...form, name: `  ${'n'.repeat(200)}  ` },
      { ...form, name: 'n'.repeat(200) },
    ],
    [
      'a description of exactly 5000 characters',
      { ...form, description: 'd'.repeat(5000) },
      { ...form, description: 'd'.repeat(5000) },
    ],
    [
      'a padded name (trimmed) and a padded description (kept)',
      { name: '  通勤 ', description: ' 路上听 ', isPublic: true },
      { name: '通勤', description: ' 路上听 ', isPublic: true },
    ],
  ])('accepts %s and sends the name trimmed', async (_, submitted, sent) => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SUBMIT_CREATE', form: submitted });
    expect(actor.getSnapshot().value).toEqual({ ready: 'creating' });
    expect(fakes.createPlaylist.calls).toHaveLength(1);
    expect(fakes.createPlaylist.last.input).toEqual(sent);
  });

  it('a valid submit after a refused one clears the error; reopening starts without one', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SUBMIT_CREATE', form: { ...form, name: '' } });
    expect(actor.getSnapshot().context.formError).toBe('请输入播放列表名称');
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN_CREATE' });
    expect(actor.getSnapshot().context.formError).toBeNull();
    actor.send({ type: 'SUBMIT_CREATE', form: { ...form, name: '' } });
    actor.send({ type: 'SUBMIT_CREATE', form });
    expect(actor.getSnapshot().value).toEqual({ ready: 'creating' });
    expect(actor.getSnapshot().context.formError).toBeNull();
    expect(fakes.createPlaylist.calls).toHaveLength(1);
  });

  it('creates (busy, the dialog stays shown), appends the new list last and closes', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SUBMIT_CREATE', form: { ...form, name: ' 通勤 ' } });
    let s = actor.getSnapshot();
    expect(tags(s)).toEqual(['busy', 'createDialog', 'ready']);
    // a double click, and a close, while the request is in flight are not taken
    actor.send({ type: 'SUBMIT_CREATE', form });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'creating' });
    expect(fakes.createPlaylist.calls).toHaveLength(1);
    expect(fakes.createPlaylist.last.input).toEqual(form);

    const created = full(info('9', { name: '通勤', description: '路上听', isPublic: false }));
    fakes.createPlaylist.last.resolve(created);
    await flush();
    s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(tags(s)).toEqual(['ready']);
    // the list shows infos, without items
    expect(s.context.playlists).toEqual([
      one,
      two,
      three,
      info('9', { name: '通勤', description: '路上听', isPublic: false }),
    ]);
    expect(s.context.playlists.at(-1)).not.toHaveProperty('items');
    expect(s.context.pendingTracks).toEqual([]);
    expect(fakes.appendTracks.calls).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  it.each([
    [
      'the server refuses',
      new ApiError(901000, 'too many playlists (at most 100)'),
      'too many playlists (at most 100)',
    ],
    ['no answer', new NetworkError(null), '未知网络错误'],
  ])('a failure (%s) keeps the dialog open, shows the server message and adds nothing', async (_, reason, message) => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SUBMIT_CREATE', form });
    fakes.createPlaylist.last.reject(reason);
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'createDialog' });
    expect(tags(s)).toEqual(['createDialog', 'ready']);
    expect(s.context.playlists).toEqual([one, two, three]);
    expect(s.context.formError).toBeNull();
    expect(emitted).toEqual([error(message)]);

    // the same dialog can send again
    actor.send({ type: 'SUBMIT_CREATE', form });
    expect(fakes.createPlaylist.calls).toHaveLength(2);
  });

  it('DELETE and ADD_TRACKS are not taken while the dialog is open', async () => {
    const { actor } = await ready();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'DELETE', id: '1' });
    actor.send({ type: 'ADD_TRACKS', tracks: [a] });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'createDialog' });
    expect(s.context.pendingDelete).toBeNull();
    expect(s.context.pendingTracks).toEqual([]);
  });
});

describe('playlists store: delete', () => {
  it('DELETE of an unknown id is ignored', async () => {
    const { actor, fakes } = await ready();
    expect(actor.getSnapshot().can({ type: 'DELETE', id: '404' })).toBe(false);
    actor.send({ type: 'DELETE', id: '404' });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context.pendingDelete).toBeNull();
    expect(fakes.deletePlaylist.calls).toHaveLength(0);
  });

  it('asks first; CONFIRM deletes (busy), then the list is gone and playlistDeleted is emitted', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'DELETE', id: '2' });
    let s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'confirmingDelete' });
    expect(tags(s)).toEqual(['deleteDialog', 'ready']);
    expect(s.context.pendingDelete).toEqual(two);
    expect(fakes.deletePlaylist.calls).toHaveLength(0);

    actor.send({ type: 'CONFIRM' });
    s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'deleting' });
    expect(tags(s)).toEqual(['busy', 'deleteDialog', 'ready']);
    expect(fakes.deletePlaylist.calls).toHaveLength(1);
    expect(fakes.deletePlaylist.last.input).toEqual({ id: '2' });
    // a second confirm and a close in flight are not taken
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'deleting' });
    expect(fakes.deletePlaylist.calls).toHaveLength(1);

    fakes.deletePlaylist.last.resolve();
    await flush();
    s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context.playlists).toEqual([one, three]);
    expect(s.context.pendingDelete).toBeNull();
    expect(emitted).toEqual([{ type: 'playlistDeleted', id: '2' }]);
  });

  it.each([
    [
      'the server refuses',
      new ApiError(902001, 'you are not the owner of the play list'),
      'you are not the owner of the play list',
    ],
    ['an HTTP error', new NetworkError(500, 'Internal Server Error'), '网络错误: 500 Internal Server Error'],
  ])('a failure (%s) notifies, keeps the list and closes the confirm', async (_, reason, message) => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'DELETE', id: '2' });
    actor.send({ type: 'CONFIRM' });
    fakes.deletePlaylist.last.reject(reason);
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context.playlists).toEqual([one, two, three]);
    expect(s.context.pendingDelete).toBeNull();
    expect(emitted).toEqual([error(message)]);
  });

  it('CLOSE cancels: nothing is deleted and nothing emitted', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'DELETE', id: '2' });
    actor.send({ type: 'CLOSE' });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context.pendingDelete).toBeNull();
    expect(s.context.playlists).toEqual([one, two, three]);
    expect(fakes.deletePlaylist.calls).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  it('the last list can be deleted', async () => {
    const { actor, fakes } = await ready([one]);
    actor.send({ type: 'DELETE', id: '1' });
    actor.send({ type: 'CONFIRM' });
    fakes.deletePlaylist.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.playlists).toEqual([]);
  });
});

describe('playlists store: add to a playlist', () => {
  it('ADD_TRACKS with no tracks is ignored', async () => {
    const { actor } = await ready();
    expect(actor.getSnapshot().can({ type: 'ADD_TRACKS', tracks: [] })).toBe(false);
    actor.send({ type: 'ADD_TRACKS', tracks: [] });
    expect(actor.getSnapshot().value).toEqual({ ready: 'browsing' });
    expect(actor.getSnapshot().context.pendingTracks).toEqual([]);
  });

  it('ADD_TRACKS opens the dialog with the tracks and no list chosen yet', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ADD_TRACKS', tracks: [a, b] });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'addDialog' });
    expect(tags(s)).toEqual(['addDialog', 'ready']);
    expect(s.context.pendingTracks).toEqual([a, b]);
    expect(s.context.target).toBeNull();
    expect(fakes.appendTracks.calls).toHaveLength(0);
  });

  it('CHOOSE of an unknown id is ignored', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ADD_TRACKS', tracks: [a] });
    expect(actor.getSnapshot().can({ type: 'CHOOSE', id: '404' })).toBe(false);
    actor.send({ type: 'CHOOSE', id: '404' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'addDialog' });
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(fakes.appendTracks.calls).toHaveLength(0);
  });

  it('CHOOSE appends the tracks to that list; the answer updates its info, is emitted, and the dialog closes', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'ADD_TRACKS', tracks: [a, b] });
    actor.send({ type: 'CHOOSE', id: '2' });
    let s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'appending' });
    expect(tags(s)).toEqual(['addDialog', 'busy', 'ready']);
    expect(s.context.target).toBe('2');
    expect(fakes.appendTracks.calls).toHaveLength(1);
    expect(fakes.appendTracks.last.input).toEqual({ id: '2', tracks: [a, b] });
    // another choice, a close or a create while in flight are not taken
    actor.send({ type: 'CHOOSE', id: '1' });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN_CREATE' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'appending' });
    expect(fakes.appendTracks.calls).toHaveLength(1);

    const answer = full(
      info('2', {
        name: 'List 2 (renamed elsewhere)',
        lastModified: 1_800_000_000,
        cover: { albumId: 'album-a', discId: 1 },
      }),
      [itemOf('20', track('old')), itemOf('21', a), itemOf('22', b)],
    );
    fakes.appendTracks.last.resolve(answer);
    await flush();
    s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(tags(s)).toEqual(['ready']);
    expect(emitted).toEqual([success('添加成功')]);
    // that list's info is the server's; the others and the order are untouched
    const { items: _items, version: _version, ...answerInfo } = answer;
    expect(s.context.playlists).toEqual([one, answerInfo, three]);
    expect(s.context.playlists[1]).not.toHaveProperty('items');
    expect(s.context.playlists[1]!.name).toBe('List 2 (renamed elsewhere)');
    expect(s.context.playlists[1]!.lastModified).toBe(1_800_000_000);
    expect(s.context.pendingTracks).toEqual([]);
    expect(s.context.target).toBeNull();
  });

  it.each([
    [
      'the list is full',
      new ApiError(901000, 'playlist is full (at most 10000 items)'),
      'playlist is full (at most 10000 items)',
    ],
    ['the list is gone', new ApiError(902000, 'playlist not found'), 'playlist not found'],
    ['no answer', new NetworkError(null), '未知网络错误'],
  ])(
    'a failure (%s) goes back to the add dialog with the server message and the tracks kept',
    async (_, reason, message) => {
      const { actor, fakes, emitted } = await ready();
      actor.send({ type: 'ADD_TRACKS', tracks: [a, b] });
      actor.send({ type: 'CHOOSE', id: '2' });
      fakes.appendTracks.last.reject(reason);
      await flush();
      let s = actor.getSnapshot();
      expect(s.value).toEqual({ ready: 'addDialog' });
      expect(tags(s)).toEqual(['addDialog', 'ready']);
      expect(s.context.pendingTracks).toEqual([a, b]);
      expect(s.context.playlists).toEqual([one, two, three]);
      expect(emitted).toEqual([error(message)]);

      // another list can be chosen
      actor.send({ type: 'CHOOSE', id: '3' });
      expect(fakes.appendTracks.last.input).toEqual({ id: '3', tracks: [a, b] });
      fakes.appendTracks.last.resolve(full(three, [itemOf('30', a), itemOf('31', b)]));
      await flush();
      s = actor.getSnapshot();
      expect(s.value).toEqual({ ready: 'browsing' });
      expect(emitted.at(-1)).toEqual(success('添加成功'));
    },
  );

  it('CLOSE closes the dialog and forgets the tracks', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ADD_TRACKS', tracks: [a] });
    actor.send({ type: 'CLOSE' });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context.pendingTracks).toEqual([]);
    expect(s.context.target).toBeNull();
    expect(fakes.appendTracks.calls).toHaveLength(0);
  });

  it('a second ADD_TRACKS after a close adds only the new tracks', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'ADD_TRACKS', tracks: [a] });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'ADD_TRACKS', tracks: [b] });
    actor.send({ type: 'CHOOSE', id: '1' });
    expect(fakes.appendTracks.last.input).toEqual({ id: '1', tracks: [b] });
  });

  it('the add dialog works with no lists yet: it can only create one', async () => {
    const { actor } = await ready([]);
    actor.send({ type: 'ADD_TRACKS', tracks: [a] });
    expect(actor.getSnapshot().value).toEqual({ ready: 'addDialog' });
    expect(actor.getSnapshot().can({ type: 'CHOOSE', id: '1' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'OPEN_CREATE' })).toBe(true);
  });
});

describe('playlists store: create a list and add to it', () => {
  async function inCreateFromAdd() {
    const started = await ready();
    started.actor.send({ type: 'ADD_TRACKS', tracks: [a, b] });
    started.actor.send({ type: 'OPEN_CREATE' });
    const s = started.actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'createDialog' });
    expect(tags(s)).toEqual(['createDialog', 'ready']);
    expect(s.context.pendingTracks).toEqual([a, b]);
    return started;
  }

  it('creates the list, then appends the tracks to it, then 添加成功', async () => {
    const { actor, fakes, emitted } = await inCreateFromAdd();
    actor.send({ type: 'SUBMIT_CREATE', form: { ...form, name: ' 新的 ' } });
    expect(actor.getSnapshot().value).toEqual({ ready: 'creating' });
    expect(fakes.createPlaylist.last.input).toEqual({ ...form, name: '新的' });
    expect(fakes.appendTracks.calls).toHaveLength(0);

    const created = info('9', { name: '新的' });
    fakes.createPlaylist.last.resolve(full(created));
    await flush();
    let s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'appending' });
    expect(tags(s)).toEqual(['addDialog', 'busy', 'ready']);
    // the new list is there at once, and the tracks go to it
    expect(s.context.playlists).toEqual([one, two, three, created]);
    expect(s.context.target).toBe('9');
    expect(fakes.appendTracks.calls).toHaveLength(1);
    expect(fakes.appendTracks.last.input).toEqual({ id: '9', tracks: [a, b] });
    expect(emitted).toEqual([]);

    const answer = full({ ...created, lastModified: 1_800_000_000 }, [itemOf('90', a), itemOf('91', b)]);
    fakes.appendTracks.last.resolve(answer);
    await flush();
    s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context.playlists).toEqual([one, two, three, { ...created, lastModified: 1_800_000_000 }]);
    expect(s.context.pendingTracks).toEqual([]);
    expect(s.context.target).toBeNull();
    expect(emitted).toEqual([success('添加成功')]);
  });

  it('the create dialog opened from the add dialog keeps the validation rules', async () => {
    const { actor, fakes } = await inCreateFromAdd();
    actor.send({ type: 'SUBMIT_CREATE', form: { ...form, name: '' } });
    expect(actor.getSnapshot().value).toEqual({ ready: 'createDialog' });
    expect(actor.getSnapshot().context.formError).toBe('请输入播放列表名称');
    expect(actor.getSnapshot().context.pendingTracks).toEqual([a, b]);
    expect(fakes.createPlaylist.calls).toHaveLength(0);
  });

  it('CLOSE there goes back to the add dialog with the tracks; CLOSE again forgets them', async () => {
    const { actor, fakes } = await inCreateFromAdd();
    actor.send({ type: 'CLOSE' });
    let s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'addDialog' });
    expect(s.context.pendingTracks).toEqual([a, b]);
    actor.send({ type: 'CLOSE' });
    s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context.pendingTracks).toEqual([]);
    expect(s.context.target).toBeNull();
    expect(fakes.createPlaylist.calls).toHaveLength(0);
    expect(fakes.appendTracks.calls).toHaveLength(0);
  });

  it('a failed create stays in the create dialog with the tracks; its CLOSE still goes back to the add dialog', async () => {
    const { actor, fakes, emitted } = await inCreateFromAdd();
    actor.send({ type: 'SUBMIT_CREATE', form });
    fakes.createPlaylist.last.reject(new ApiError(901000, 'too many playlists (at most 100)'));
    await flush();
    let s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'createDialog' });
    expect(s.context.pendingTracks).toEqual([a, b]);
    expect(emitted).toEqual([error('too many playlists (at most 100)')]);
    expect(fakes.appendTracks.calls).toHaveLength(0);
    actor.send({ type: 'CLOSE' });
    s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'addDialog' });
    expect(s.context.pendingTracks).toEqual([a, b]);
  });

  it('a failed append to the new list goes back to the add dialog, with the new list there to choose', async () => {
    const { actor, fakes, emitted } = await inCreateFromAdd();
    actor.send({ type: 'SUBMIT_CREATE', form });
    const created = info('9');
    fakes.createPlaylist.last.resolve(full(created));
    await flush();
    fakes.appendTracks.last.reject(new NetworkError(null));
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'addDialog' });
    expect(s.context.playlists).toEqual([one, two, three, created]);
    expect(s.context.pendingTracks).toEqual([a, b]);
    expect(emitted).toEqual([error('未知网络错误')]);
    actor.send({ type: 'CHOOSE', id: '9' });
    expect(fakes.appendTracks.last.input).toEqual({ id: '9', tracks: [a, b] });
  });

  it('a create from the list page (no tracks) after a closed add dialog appends nothing', async () => {
    const { actor, fakes } = await inCreateFromAdd();
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'CLOSE' });
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SUBMIT_CREATE', form });
    fakes.createPlaylist.last.resolve(full(info('9')));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'browsing' });
    expect(fakes.appendTracks.calls).toHaveLength(0);
  });
});

describe('playlists store: PLAYLIST_SAVED (a list changed on its page)', () => {
  it('replaces the info of that list only, without its items', async () => {
    const { actor, emitted } = await ready();
    const saved = full(info('2', { name: '改名了', lastModified: 1_900_000_000 }), [itemOf('21', a)]);
    actor.send({ type: 'PLAYLIST_SAVED', playlist: saved });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context.playlists).toEqual([one, info('2', { name: '改名了', lastModified: 1_900_000_000 }), three]);
    expect(s.context.playlists[1]).not.toHaveProperty('items');
    // the ones before and after are the very same objects
    expect(s.context.playlists[0]).toBe(one);
    expect(s.context.playlists[2]).toBe(three);
    // it is not echoed back
    expect(emitted).toEqual([]);
  });

  it('a list this store does not know is not added', async () => {
    const { actor } = await ready();
    actor.send({ type: 'PLAYLIST_SAVED', playlist: info('404') });
    expect(actor.getSnapshot().context.playlists).toEqual([one, two, three]);
  });

  it('a list made on another page (保存为歌单) is listed first, once; before the lists are read it is left for the read', async () => {
    const { actor } = await ready();
    actor.send({ type: 'PLAYLIST_ADDED', playlist: info('9', { name: '常听' }) });
    actor.send({ type: 'PLAYLIST_ADDED', playlist: info('9', { name: '常听' }) });
    expect(actor.getSnapshot().context.playlists.map((p) => p.id)).toEqual(['9', '1', '2', '3']);
    actor.send({ type: 'RESET' });
    actor.send({ type: 'PLAYLIST_ADDED', playlist: info('9') });
    expect(actor.getSnapshot().context.playlists).toEqual([]);
  });

  it('is taken in a dialog without closing it', async () => {
    const { actor } = await ready();
    actor.send({ type: 'ADD_TRACKS', tracks: [a] });
    actor.send({ type: 'PLAYLIST_SAVED', playlist: info('1', { name: 'One' }) });
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'addDialog' });
    expect(s.context.playlists[0]!.name).toBe('One');
    expect(s.context.pendingTracks).toEqual([a]);
  });

  it('a list saved on its page while its delete confirm is open is still the one deleted', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'DELETE', id: '2' });
    actor.send({ type: 'PLAYLIST_SAVED', playlist: info('2', { name: 'Two' }) });
    actor.send({ type: 'CONFIRM' });
    expect(fakes.deletePlaylist.last.input).toEqual({ id: '2' });
    fakes.deletePlaylist.last.resolve();
    await flush();
    expect(actor.getSnapshot().context.playlists).toEqual([one, three]);
  });

  it('before the lists are loaded it changes nothing', () => {
    const { actor } = start();
    actor.send({ type: 'PLAYLIST_SAVED', playlist: one });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual(initialContext);
  });
});

// Once a bug these tests found: LOAD was taken in every ready state and jumped to browsing without
// the clean-up the dialogs' own exits do, stopping the request in flight. Now ready does not take it.
describe('playlists store: LOAD while a dialog is open or a request runs', () => {
  it('LOAD while the add dialog is open is not taken: the tracks stay for the dialog, CLOSE drops them', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'ADD_TRACKS', tracks: [a, b] });
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'addDialog' });
    expect(actor.getSnapshot().context.pendingTracks).toEqual([a, b]);
    actor.send({ type: 'CLOSE' });
    // the create button of the list page
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'SUBMIT_CREATE', form });
    fakes.createPlaylist.last.resolve(full(info('9')));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ ready: 'browsing' });
    expect(fakes.appendTracks.calls).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  it('LOAD while a delete is in flight does not drop it', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'DELETE', id: '2' });
    actor.send({ type: 'CONFIRM' });
    const call = fakes.deletePlaylist.last;
    actor.send({ type: 'LOAD' });
    expect(call.signal.aborted).toBe(false);
    call.resolve();
    await flush();
    expect(actor.getSnapshot().context.playlists).toEqual([one, three]);
    expect(actor.getSnapshot().context.pendingDelete).toBeNull();
    expect(emitted).toEqual([{ type: 'playlistDeleted', id: '2' }]);
  });
});

describe('playlists store: RESET (signed out)', () => {
  type Started = Awaited<ReturnType<typeof ready>>;
  type Late = { call: FakeCall<never, never>; answer: unknown };
  const late = <O, I>(call: FakeCall<I, O>, answer: O): Late => ({
    call: call as unknown as FakeCall<never, never>,
    answer,
  });

  /** each scenario brings a fresh store into one state; `late` is the request it leaves in flight */
  const scenarios: [string, StateValue, () => Promise<Started & { late?: Late }>][] = [
    ['idle', 'idle', async () => start()],
    [
      'loading',
      'loading',
      async () => {
        const started = start();
        started.actor.send({ type: 'LOAD' });
        return { ...started, late: late(started.fakes.listPlaylists.last, [one, two]) };
      },
    ],
    [
      'failed',
      'failed',
      async () => {
        const started = start();
        started.actor.send({ type: 'LOAD' });
        started.fakes.listPlaylists.last.reject(new NetworkError(null));
        await flush();
        started.emitted.length = 0;
        return started;
      },
    ],
    ['ready.browsing', { ready: 'browsing' }, async () => ready()],
    [
      'ready.createDialog (with an error shown)',
      { ready: 'createDialog' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'OPEN_CREATE' });
        started.actor.send({ type: 'SUBMIT_CREATE', form: { ...form, name: '' } });
        return started;
      },
    ],
    [
      'ready.creating',
      { ready: 'creating' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'OPEN_CREATE' });
        started.actor.send({ type: 'SUBMIT_CREATE', form });
        return { ...started, late: late(started.fakes.createPlaylist.last, full(info('9'))) };
      },
    ],
    [
      'ready.creating (to add tracks)',
      { ready: 'creating' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'ADD_TRACKS', tracks: [a] });
        started.actor.send({ type: 'OPEN_CREATE' });
        started.actor.send({ type: 'SUBMIT_CREATE', form });
        return { ...started, late: late(started.fakes.createPlaylist.last, full(info('9'))) };
      },
    ],
    [
      'ready.addDialog',
      { ready: 'addDialog' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'ADD_TRACKS', tracks: [a, b] });
        return started;
      },
    ],
    [
      'ready.createDialog (from the add dialog)',
      { ready: 'createDialog' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'ADD_TRACKS', tracks: [a, b] });
        started.actor.send({ type: 'OPEN_CREATE' });
        return started;
      },
    ],
    [
      'ready.appending',
      { ready: 'appending' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'ADD_TRACKS', tracks: [a, b] });
        started.actor.send({ type: 'CHOOSE', id: '2' });
        return {
          ...started,
          late: late(started.fakes.appendTracks.last, full(info('2', { name: 'late' }), [itemOf('21', a)])),
        };
      },
    ],
    [
      'ready.confirmingDelete',
      { ready: 'confirmingDelete' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'DELETE', id: '2' });
        return started;
      },
    ],
    [
      'ready.deleting',
      { ready: 'deleting' },
      async () => {
        const started = await ready();
        started.actor.send({ type: 'DELETE', id: '2' });
        started.actor.send({ type: 'CONFIRM' });
        return { ...started, late: late(started.fakes.deletePlaylist.last, undefined as never) };
      },
    ],
  ];

  const expectForgotten = (s: PlaylistsSnapshot) => {
    expect(s.value).toBe('idle');
    expect(tags(s)).toEqual(['loading']);
    expect(s.context).toEqual(initialContext);
    expect(Object.keys(s.children)).toEqual([]);
  };

  it.each(scenarios)('RESET in %s forgets everything, and the next LOAD starts afresh', async (_, value, setUp) => {
    const { actor, fakes, emitted } = await setUp();
    expect(actor.getSnapshot().value).toEqual(value);
    const before = emitted.length;

    actor.send({ type: 'RESET' });
    expectForgotten(actor.getSnapshot());
    expect(emitted).toHaveLength(before);

    // the next sign-in loads afresh
    actor.send({ type: 'LOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    fakes.listPlaylists.last.resolve([three]);
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context).toEqual({ ...initialContext, playlists: [three] });
  });

  const inFlight = scenarios.filter(([name]) =>
    ['loading', 'ready.creating', 'ready.creating (to add tracks)', 'ready.appending', 'ready.deleting'].includes(name),
  );
  const endings = inFlight.flatMap(([name, , setUp]) => [
    [name, 'answers', setUp] as const,
    [name, 'fails', setUp] as const,
  ]);

  it.each(endings)(
    'RESET in %s: the request in flight is stopped, and when it %s late nothing comes back',
    async (_, how, setUp) => {
      const { actor, fakes, emitted, late: pending } = await setUp();
      const before = emitted.length;
      actor.send({ type: 'RESET' });
      expect(pending).toBeDefined();
      expect(pending!.call.signal.aborted).toBe(true);
      if (how === 'answers') pending!.call.resolve(pending!.answer as never);
      else pending!.call.reject(new ApiError(902002, 'unauthorized'));
      await flush();
      expectForgotten(actor.getSnapshot());
      // no toast, no playlistDeleted
      expect(emitted).toHaveLength(before);
      // and nothing else was started
      expect(
        fakes.appendTracks.calls.length + fakes.createPlaylist.calls.length + fakes.deletePlaylist.calls.length,
      ).toBeLessThanOrEqual(1);
    },
  );

  it('a late answer after RESET and a new LOAD does not mix into the new lists', async () => {
    const { actor, fakes, emitted } = await ready();
    actor.send({ type: 'ADD_TRACKS', tracks: [a] });
    actor.send({ type: 'CHOOSE', id: '2' });
    const stale = fakes.appendTracks.last;
    actor.send({ type: 'RESET' });
    actor.send({ type: 'LOAD' });
    fakes.listPlaylists.last.resolve([two]);
    await flush();
    stale.resolve(full(info('2', { name: 'stale' }), [itemOf('21', a)]));
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ ready: 'browsing' });
    expect(s.context.playlists).toEqual([two]);
    expect(emitted).toEqual([]);
  });
});

describe('playlists store: it owns the playlist page', () => {
  /** a ready store whose pages load and save through fakes the test settles */
  async function owner() {
    const page = {
      loadPlaylist: fakeService<Playlist, { id: string }>(),
      updateInfo: fakeService<Playlist, UpdateInfoInput>(),
      removeItem: fakeService<Playlist, { id: string; itemId: string }>(),
      reorder: fakeService<Playlist, ReorderInput>(),
    };
    const store = {
      listPlaylists: fakeService<PlaylistInfo[]>(),
      createPlaylist: fakeService<Playlist, PlaylistFields>(),
      deletePlaylist: fakeService<void, { id: string }>(),
      appendTracks: fakeService<Playlist, AppendInput>(),
    };
    const playlistPage = playlistMachine.provide({
      actors: {
        loadPlaylist: page.loadPlaylist.logic,
        updateInfo: page.updateInfo.logic,
        removeItem: page.removeItem.logic,
        reorder: page.reorder.logic,
      },
    });
    const actor = createActor(
      playlistsMachine.provide({
        actors: {
          listPlaylists: store.listPlaylists.logic,
          createPlaylist: store.createPlaylist.logic,
          deletePlaylist: store.deletePlaylist.logic,
          appendTracks: store.appendTracks.logic,
          playlistPage,
        },
      }),
    ).start();
    actor.send({ type: 'LOAD' });
    store.listPlaylists.last.resolve([one, two, three]);
    await flush();
    return { actor, page, store };
  }
  const pageOf = (actor: { getSnapshot: () => PlaylistsSnapshot }) => actor.getSnapshot().context.page;

  it('OPEN_PAGE spawns the page of that list as its child, once; CLOSE_PAGE stops it', async () => {
    const { actor, page } = await owner();
    actor.send({ type: 'OPEN_PAGE', id: '2' });
    const opened = pageOf(actor)!;
    expect(opened.id).toBe('2');
    expect(actor.getSnapshot().children['playlistPage:2']).toBe(opened.actor);
    expect(page.loadPlaylist.calls.map((c) => c.input)).toEqual([{ id: '2' }]);
    // the same page again (a re-render) changes nothing
    actor.send({ type: 'OPEN_PAGE', id: '2' });
    expect(pageOf(actor)).toBe(opened);
    expect(page.loadPlaylist.calls).toHaveLength(1);
    // closing another list's page changes nothing either
    actor.send({ type: 'CLOSE_PAGE', id: '3' });
    expect(pageOf(actor)).toBe(opened);
    actor.send({ type: 'CLOSE_PAGE', id: '2' });
    expect(pageOf(actor)).toBeNull();
    expect(actor.getSnapshot().children['playlistPage:2']).toBeUndefined();
    expect(opened.actor.getSnapshot().status).toBe('stopped');
  });

  it('opening another list stops the page before: one page at a time', async () => {
    const { actor } = await owner();
    actor.send({ type: 'OPEN_PAGE', id: '2' });
    const first = pageOf(actor)!.actor;
    actor.send({ type: 'OPEN_PAGE', id: '3' });
    expect(pageOf(actor)!.id).toBe('3');
    expect(first.getSnapshot().status).toBe('stopped');
    expect(Object.keys(actor.getSnapshot().children).filter((id) => id.startsWith('playlistPage:'))).toEqual([
      'playlistPage:3',
    ]);
  });

  it("the page's saved edit reaches the store (the list shows the new name); tracks the store adds to that list reach the page", async () => {
    const { actor, page, store } = await owner();
    actor.send({ type: 'OPEN_PAGE', id: '2' });
    const pageActor = pageOf(actor)!.actor;
    const loadedList = full(two, [itemOf('20', a)]);
    page.loadPlaylist.last.resolve(loadedList);
    await flush();

    pageActor.send({ type: 'OPEN_EDIT' });
    pageActor.send({ type: 'SUBMIT_EDIT', form });
    const renamed = { ...loadedList, name: form.name, lastModified: 1_800_000_000 };
    page.updateInfo.last.resolve(renamed);
    await flush();
    expect(actor.getSnapshot().context.playlists.map((p) => p.name)).toEqual([one.name, form.name, three.name]);

    actor.send({ type: 'ADD_TRACKS', tracks: [b] });
    actor.send({ type: 'CHOOSE', id: '2' });
    const appended = { ...renamed, items: [...renamed.items, itemOf('21', b)] };
    store.appendTracks.last.resolve(appended);
    await flush();
    expect(pageActor.getSnapshot().context.playlist).toEqual(appended);
  });

  it('tracks added to another list leave the open page as it is', async () => {
    const { actor, page, store } = await owner();
    actor.send({ type: 'OPEN_PAGE', id: '2' });
    const loadedList = full(two, [itemOf('20', a)]);
    page.loadPlaylist.last.resolve(loadedList);
    await flush();
    actor.send({ type: 'ADD_TRACKS', tracks: [b] });
    actor.send({ type: 'CHOOSE', id: '3' });
    store.appendTracks.last.resolve(full(three, [itemOf('30', b)]));
    await flush();
    expect(pageOf(actor)!.actor.getSnapshot().context.playlist).toEqual(loadedList);
  });
});
