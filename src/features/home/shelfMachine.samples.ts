// Sample events for `npm run paths -- shelf` and tests/machines/shelf.paths.test.ts (payloads included,
// beside the events derived from the machine), its start and the state key both walk with. Tooling
// only: the app never imports a .samples file.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { NetworkError } from '@/services/api/errors';
import type { TrackInfo } from '@/shared/track';
import type { ShelfAlbum, ShelfContext, ShelfInput } from './shelfMachine';

// a short id (the machine reads none): each step of the export carries it
const ALBUM = 'album-a';

/** one cover: 港灯夜曲, one disc of one track, that a library serves (its cover left out: the walk is smaller) */
export const sampleAlbum: ShelfAlbum = {
  album: {
    albumId: ALBUM,
    title: '港灯夜曲',
    catalog: '',
    artist: '港灯乐团',
    date: '',
    type: 'normal',
    tags: [],
    discs: [{ catalog: '', tracks: [{ title: '港灯' }] }],
  },
  cover: null,
  playable: true,
};

/** its track, as the player queues it */
export const sampleTrack: TrackInfo = {
  albumId: ALBUM,
  discId: 1,
  trackId: 1,
  title: '港灯',
  artist: '港灯乐团',
  type: 'normal',
  albumTitle: '港灯夜曲',
};

/** 随便听听's first draw */
export const pathInput: ShelfInput = { seed: 1 };

export const pathEvents: AnyEventObject[] = [
  // 换一批: another draw
  { type: 'RESHUFFLE', seed: 2 },
  // the play button on the sample's cover
  { type: 'PLAY_ALBUM', albumId: ALBUM },
  // a shelf of one cover, and one with nothing to show
  { type: 'xstate.done.actor.loadShelf', output: [sampleAlbum] },
  { type: 'xstate.done.actor.loadShelf', output: [] },
  // no network and nothing read before
  { type: 'xstate.error.actor.loadShelf', error: new NetworkError(null) },
  // the album's track, or none that can play here and now
  { type: 'xstate.done.actor.albumTracks', output: [sampleTrack] },
  { type: 'xstate.done.actor.albumTracks', output: [] },
  { type: 'xstate.error.actor.albumTracks', error: new NetworkError(503) },
];

/**
 * Where each region is, whether the covers were never read, read as none or read as some, and
 * whether an error shows: so a first load, a load after an empty shelf and each answer from each
 * are walked. The seed and which album starts change nothing the walk reads (`start` says whether
 * one starts).
 */
export const pathStateKey = (snapshot: AnyMachineSnapshot) => {
  const { albums, error } = snapshot.context as ShelfContext;
  const held = albums === null ? 'unread' : albums.length === 0 ? 'none' : 'some';
  return JSON.stringify([snapshot.value, held, error !== null]);
};

/** Each event the machine takes, as a QA engineer or a listener says it: the Markdown test cases' wording. */
export const pathEventLabels: Record<string, string> = {
  RELOAD: 'what the shelf shows changed (a library syncs, a like, the network comes or goes)',
  RETRY: 'the listener presses 重试 on the shelf',
  RESHUFFLE: 'the listener presses 换一批 on 随便听听',
  PLAY_ALBUM: "the listener presses a cover's play button (播放 …)",
  'xstate.done.actor.loadShelf': "the shelf's covers arrive (or it has none: the shelf is left out)",
  'xstate.error.actor.loadShelf': "the shelf's covers cannot be read (加载失败 with 重试)",
  'xstate.done.actor.albumTracks': "the album's tracks are read: they play (or none can: 这张专辑没有可以播放的曲目)",
  'xstate.error.actor.albumTracks': "the album's tracks cannot be read (a toast says why)",
};
