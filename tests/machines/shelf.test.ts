// One shelf of 主页 (docs/behaviour.md#home) with fake reads the tests settle: what the paths cannot
// show, a read's answer arriving after another read overtook it. The first load (covers, none, a
// failure and 重试); a change read with the covers kept, and a failed one keeping them; 换一批's seed;
// a cover's play button (the tracks played, none or a failure said, a later cover winning); the two
// regions apart.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { shelfMachine, type ShelfAlbum, type ShelfRef, type ShelfTag } from '@/features/home/shelfMachine';
import { NetworkError } from '@/services/api/errors';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';
import type { TrackInfo } from '@/shared/track';
import type { AlbumInfo } from '@/shared/types';
import { fakeService, flush } from './fakes';

const albumInfo = (albumId: string, title: string): AlbumInfo => ({
  albumId,
  title,
  catalog: '',
  artist: '港灯乐团',
  date: '2024-05-01',
  type: 'normal',
  tags: [],
  discs: [{ catalog: '', tracks: [{ title: '港灯' }, { title: '归航' }] }],
});
const cover = (albumId: string, title: string): ShelfAlbum => ({
  album: albumInfo(albumId, title),
  cover: `https://library.example/${albumId}/cover`,
  playable: true,
});
const harbor = cover('album-a', '港灯夜曲');
const tide = cover('album-b', '潮汐');
const track = (albumId: string, trackId: number): TrackInfo => ({
  albumId,
  discId: 1,
  trackId,
  title: `曲 ${trackId}`,
  artist: '港灯乐团',
  type: 'normal',
  albumTitle: albumId === 'album-a' ? '港灯夜曲' : '潮汐',
});

const tags: ShelfTag[] = ['busy', 'shown', 'starting'];
/** the tags a view reads, in one list */
const tagsOf = (shelf: ShelfRef): ShelfTag[] => tags.filter((tag) => shelf.getSnapshot().hasTag(tag));

function open(seed = 1) {
  const load = fakeService<ShelfAlbum[], { seed: number }>();
  const tracks = fakeService<TrackInfo[], { albumId: string }>();
  const shelf: ShelfRef = createActor(
    shelfMachine.provide({ actors: { loadShelf: load.logic, albumTracks: tracks.logic } }),
    { input: { seed } },
  ).start();
  const played: TrackInfo[][] = [];
  const notes: NotifyEvent[] = [];
  shelf.on('play', (event) => played.push(event.tracks));
  shelf.on('notify', (event) => notes.push(event));
  const snapshot = () => shelf.getSnapshot();
  return { shelf, load, tracks, played, notes, snapshot };
}

/** a shelf whose first load showed `albums` */
async function shown(albums: ShelfAlbum[] = [harbor]) {
  const opened = open();
  opened.load.last.resolve(albums);
  await flush();
  return opened;
}

describe('the first load', () => {
  it('reads the covers with the seed it was given, with its placeholder, then shows them', async () => {
    const { shelf, load, snapshot } = open(42);
    expect(load.calls.map((call) => call.input)).toEqual([{ seed: 42 }]);
    expect(tagsOf(shelf)).toEqual(['busy']);
    load.last.resolve([harbor, tide]);
    await flush();
    expect(snapshot().matches({ content: 'shown' })).toBe(true);
    expect(snapshot().context.albums).toEqual([harbor, tide]);
    expect(tagsOf(shelf)).toEqual(['shown']);
  });

  it('with nothing to show, the shelf is left out until a change brings covers', async () => {
    const { shelf, load, snapshot } = open();
    load.last.resolve([]);
    await flush();
    expect(snapshot().matches({ content: 'empty' })).toBe(true);
    expect(tagsOf(shelf)).toEqual([]);
    // 重试 and 换一批 are not on an empty shelf
    expect(snapshot().can({ type: 'RETRY' })).toBe(false);
    expect(snapshot().can({ type: 'RESHUFFLE', seed: 2 })).toBe(false);
    shelf.send({ type: 'RELOAD' });
    expect(load.calls).toHaveLength(2);
    expect(tagsOf(shelf)).toEqual(['busy']);
    load.last.resolve([harbor]);
    await flush();
    expect(snapshot().context.albums).toEqual([harbor]);
    expect(tagsOf(shelf)).toEqual(['shown']);
  });

  it('failed: says why, and 重试 reads again with the same seed and shows the covers', async () => {
    const { shelf, load, snapshot, notes } = open(7);
    load.last.reject(new NetworkError(null));
    await flush();
    expect(snapshot().matches({ content: 'failed' })).toBe(true);
    expect(snapshot().context.error).toBe(text.errors.unknownNetwork);
    expect(snapshot().context.albums).toBeNull();
    expect(tagsOf(shelf)).toEqual([]);
    // the shelf shows its own error: no toast
    expect(notes).toEqual([]);
    shelf.send({ type: 'RETRY' });
    expect(snapshot().context.error).toBeNull();
    expect(tagsOf(shelf)).toEqual(['busy']);
    expect(load.calls.map((call) => call.input)).toEqual([{ seed: 7 }, { seed: 7 }]);
    load.last.resolve([harbor]);
    await flush();
    expect(snapshot().context).toMatchObject({ albums: [harbor], error: null });
    expect(tagsOf(shelf)).toEqual(['shown']);
  });

  it('failed, then a change (a sync, the network back) reads again as 重试 does', async () => {
    const { shelf, load, snapshot } = open();
    load.last.reject(new Error('boom'));
    await flush();
    expect(snapshot().context.error).toBe('boom');
    shelf.send({ type: 'RELOAD' });
    expect(load.calls).toHaveLength(2);
    expect(snapshot().context.error).toBeNull();
  });

  it('a change while the first load reads changes nothing: that read goes on', async () => {
    const { shelf, load } = open();
    const first = load.last;
    shelf.send({ type: 'RELOAD' });
    shelf.send({ type: 'RESHUFFLE', seed: 9 });
    expect(load.calls).toHaveLength(1);
    expect(first.signal.aborted).toBe(false);
  });
});

describe('a change while the covers show', () => {
  it('reads again with the covers kept: shown and busy while it reads, then the new covers', async () => {
    const { shelf, load, snapshot } = await shown([harbor]);
    shelf.send({ type: 'RELOAD' });
    expect(load.calls).toHaveLength(2);
    expect(tagsOf(shelf)).toEqual(['busy', 'shown']);
    expect(snapshot().context.albums).toEqual([harbor]);
    load.last.resolve([tide, harbor]);
    await flush();
    expect(snapshot().context.albums).toEqual([tide, harbor]);
    expect(tagsOf(shelf)).toEqual(['shown']);
  });

  it('a failed reread keeps what showed, with no error and no toast', async () => {
    const { shelf, load, snapshot, notes } = await shown([harbor]);
    shelf.send({ type: 'RELOAD' });
    load.last.reject(new NetworkError(503, 'Service Unavailable'));
    await flush();
    expect(snapshot().matches({ content: 'shown' })).toBe(true);
    expect(snapshot().context).toMatchObject({ albums: [harbor], error: null });
    expect(tagsOf(shelf)).toEqual(['shown']);
    expect(notes).toEqual([]);
  });

  it('a reread that finds nothing leaves the shelf out', async () => {
    const { shelf, load, snapshot } = await shown([harbor]);
    shelf.send({ type: 'RELOAD' });
    load.last.resolve([]);
    await flush();
    expect(snapshot().matches({ content: 'empty' })).toBe(true);
    expect(snapshot().context.albums).toEqual([]);
  });

  it('changed again while it reads: it reads again, and only the latest answer counts', async () => {
    const { shelf, load, snapshot } = await shown([harbor]);
    shelf.send({ type: 'RELOAD' });
    const overtaken = load.last;
    shelf.send({ type: 'RELOAD' });
    expect(load.calls).toHaveLength(3);
    expect(overtaken.signal.aborted).toBe(true);
    // the earlier read answers late: dropped, the covers and the read going on stay
    overtaken.resolve([tide]);
    await flush();
    expect(snapshot().context.albums).toEqual([harbor]);
    expect(tagsOf(shelf)).toEqual(['busy', 'shown']);
    load.last.resolve([harbor, tide]);
    await flush();
    expect(snapshot().context.albums).toEqual([harbor, tide]);
    expect(tagsOf(shelf)).toEqual(['shown']);
  });

  it('an overtaken read that fails late is dropped too', async () => {
    const { shelf, load, snapshot } = await shown([harbor]);
    shelf.send({ type: 'RELOAD' });
    const overtaken = load.last;
    shelf.send({ type: 'RELOAD' });
    overtaken.reject(new Error('late'));
    await flush();
    expect(tagsOf(shelf)).toEqual(['busy', 'shown']);
    load.last.resolve([tide]);
    await flush();
    expect(snapshot().context.albums).toEqual([tide]);
  });
});

describe('换一批', () => {
  it('draws again with the new seed, the covers kept while it draws', async () => {
    const { shelf, load, snapshot } = await shown([harbor]);
    shelf.send({ type: 'RESHUFFLE', seed: 99 });
    expect(load.calls.map((call) => call.input)).toEqual([{ seed: 1 }, { seed: 99 }]);
    expect(snapshot().context.seed).toBe(99);
    expect(tagsOf(shelf)).toEqual(['busy', 'shown']);
    load.last.resolve([tide]);
    await flush();
    expect(snapshot().context.albums).toEqual([tide]);
  });

  it('pressed again while it draws: the newest seed is drawn, and a change afterwards keeps it', async () => {
    const { shelf, load, snapshot } = await shown([harbor]);
    shelf.send({ type: 'RESHUFFLE', seed: 5 });
    const overtaken = load.last;
    shelf.send({ type: 'RESHUFFLE', seed: 6 });
    expect(overtaken.signal.aborted).toBe(true);
    overtaken.resolve([harbor]);
    load.last.resolve([tide]);
    await flush();
    expect(snapshot().context.albums).toEqual([tide]);
    shelf.send({ type: 'RELOAD' });
    expect(load.calls.map((call) => call.input)).toEqual([{ seed: 1 }, { seed: 5 }, { seed: 6 }, { seed: 6 }]);
  });
});

describe("a cover's play button", () => {
  it("reads the album's tracks, then asks the player to play them", async () => {
    const { shelf, tracks, played, notes, snapshot } = await shown([harbor]);
    shelf.send({ type: 'PLAY_ALBUM', albumId: 'album-a' });
    expect(tracks.calls.map((call) => call.input)).toEqual([{ albumId: 'album-a' }]);
    expect(snapshot().context.starting).toBe('album-a');
    expect(tagsOf(shelf)).toEqual(['shown', 'starting']);
    tracks.last.resolve([track('album-a', 1), track('album-a', 2)]);
    await flush();
    expect(played).toEqual([[track('album-a', 1), track('album-a', 2)]]);
    expect(notes).toEqual([]);
    expect(snapshot().context.starting).toBeNull();
    expect(tagsOf(shelf)).toEqual(['shown']);
  });

  it('no track of it can play: it says so, and nothing plays', async () => {
    const { shelf, tracks, played, notes, snapshot } = await shown([harbor]);
    shelf.send({ type: 'PLAY_ALBUM', albumId: 'album-a' });
    tracks.last.resolve([]);
    await flush();
    expect(played).toEqual([]);
    expect(notes).toEqual([{ type: 'notify', severity: 'error', message: text.home.noTracks }]);
    expect(snapshot().context.starting).toBeNull();
  });

  it("the tracks cannot be read: the error's message, and nothing plays", async () => {
    const { shelf, tracks, played, notes, snapshot } = await shown([harbor]);
    shelf.send({ type: 'PLAY_ALBUM', albumId: 'album-a' });
    tracks.last.reject(new NetworkError(503, 'Service Unavailable'));
    await flush();
    expect(played).toEqual([]);
    expect(notes).toEqual([
      { type: 'notify', severity: 'error', message: text.errors.network(503, 'Service Unavailable') },
    ]);
    expect(tagsOf(shelf)).toEqual(['shown']);
    // and the button works again
    shelf.send({ type: 'PLAY_ALBUM', albumId: 'album-a' });
    tracks.last.resolve([track('album-a', 1)]);
    await flush();
    expect(played).toEqual([[track('album-a', 1)]]);
    expect(snapshot().context.starting).toBeNull();
  });

  it('another cover pressed meanwhile: only the later album plays', async () => {
    const { shelf, tracks, played, notes, snapshot } = await shown([harbor, tide]);
    shelf.send({ type: 'PLAY_ALBUM', albumId: 'album-a' });
    const overtaken = tracks.last;
    shelf.send({ type: 'PLAY_ALBUM', albumId: 'album-b' });
    expect(overtaken.signal.aborted).toBe(true);
    expect(tracks.calls.map((call) => call.input)).toEqual([{ albumId: 'album-a' }, { albumId: 'album-b' }]);
    expect(snapshot().context.starting).toBe('album-b');
    // the first album's tracks arrive late: they never play
    overtaken.resolve([track('album-a', 1)]);
    await flush();
    expect(played).toEqual([]);
    expect(tagsOf(shelf)).toEqual(['shown', 'starting']);
    tracks.last.resolve([track('album-b', 1)]);
    await flush();
    expect(played).toEqual([[track('album-b', 1)]]);
    expect(notes).toEqual([]);
  });
});

describe('the covers and the play button apart', () => {
  it('a shelf reading again can still start an album, and each read ends on its own', async () => {
    const { shelf, load, tracks, played, snapshot } = await shown([harbor]);
    shelf.send({ type: 'RELOAD' });
    shelf.send({ type: 'PLAY_ALBUM', albumId: 'album-a' });
    expect(tagsOf(shelf)).toEqual(['busy', 'shown', 'starting']);
    tracks.last.resolve([track('album-a', 1)]);
    await flush();
    expect(played).toEqual([[track('album-a', 1)]]);
    expect(snapshot().matches({ content: 'reloading' })).toBe(true);
    load.last.resolve([tide]);
    await flush();
    expect(tagsOf(shelf)).toEqual(['shown']);
  });

  it('a change while an album starts does not stop it; a failed first load neither', async () => {
    const { shelf, load, tracks, played, snapshot } = open();
    shelf.send({ type: 'PLAY_ALBUM', albumId: 'album-a' });
    load.last.reject(new Error('boom'));
    await flush();
    expect(snapshot().matches({ content: 'failed', start: 'starting' })).toBe(true);
    shelf.send({ type: 'RETRY' });
    expect(tracks.calls).toHaveLength(1);
    expect(tracks.last.signal.aborted).toBe(false);
    tracks.last.resolve([track('album-a', 1)]);
    await flush();
    expect(played).toEqual([[track('album-a', 1)]]);
    expect(snapshot().matches({ content: 'loading', start: 'idle' })).toBe(true);
  });
});
