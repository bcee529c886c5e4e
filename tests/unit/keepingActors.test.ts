// The keeping actors' download against a fake library: a download cut off (a reload, the network
// lost) asks for the rest with `Range: bytes=N-` and keeps the bytes it had followed by the rest; a
// library that ignores ranges (200) or whose file changed (another total) gives the whole body
// again from its first byte; cancel leaves nothing. The keeping machine runs with its real actors,
// the storage on fake-indexeddb and a fake Cache Storage.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { defineKeepingActors } from '@/features/offline/actors';
import { keepingMachine, type KeepItem } from '@/features/offline/keepingMachine';
import type { LibraryAccess } from '@/features/library';
import { KEEP_PIECE_BYTES, KEPT_DB_NAME } from '@/shared/constants';
import { trackKey, type TrackInfo } from '@/shared/track';
import { closeKeptStores, readKeptTrack, readPartialTrack, saveKeepQueue } from '@/storage/keptAudio';
import { installFakeCaches } from './fakeCaches';

const track: TrackInfo = {
  albumId: '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01',
  discId: 1,
  trackId: 2,
  title: '潮汐',
  artist: '青木澪',
  type: 'normal',
  albumTitle: '港灯夜曲',
};
const item: KeepItem = { track, quality: 'lossless' };
const KEY = { albumId: track.albumId, discId: 1, trackId: 2, quality: 'lossless' } as const;
const CHUNK = 256 * 1024;

/** a file of `size` bytes whose every byte says where it is (so a body put together wrong shows) */
function file(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + seed) % 251;
  return bytes;
}

interface Cut {
  /** the answer stops after this many of its bytes */
  after: number;
  /** and then never goes on (the tab is reloaded meanwhile), or fails (the network is lost) */
  how: 'stall' | 'fail';
}

/** a library serving one track: its file, whether it answers ranges, and a cut for the next answer */
function fakeLibrary(initial: Uint8Array<ArrayBuffer>) {
  const library = {
    file: initial,
    ranges: true,
    etag: null as string | null,
    cut: null as Cut | null,
    /** the Range and If-Range headers of each request for the track */
    requests: [] as { range: string | null; ifRange: string | null }[],
    /** where each request for the track went, its token and cache mode */
    sent: [] as { url: string; authorization: string | null; cache: RequestCache | undefined }[],
  };
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    library.requests.push({ range: headers.get('range'), ifRange: headers.get('if-range') });
    library.sent.push({ url: String(input), authorization: headers.get('authorization'), cache: init.cache });
    const whole = library.file;
    const asked = headers.get('range')?.match(/^bytes=(\d+)-$/);
    const start = library.ranges && asked ? Number(asked[1]) : 0;
    const slice = whole.subarray(start);
    const cut = library.cut;
    library.cut = null;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // as fetch does: an aborted request fails its body
        init.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
      },
      pull(controller) {
        if (cut && sent >= cut.after) {
          if (cut.how === 'fail') controller.error(new TypeError('network error'));
          // stalled: never answers again
          return new Promise(() => {});
        }
        const end = Math.min(sent + CHUNK, cut ? cut.after : slice.length, slice.length);
        controller.enqueue(slice.slice(sent, end));
        sent = end;
        if (sent >= slice.length) controller.close();
        return undefined;
      },
    });
    const common: Record<string, string> = { 'content-type': 'audio/flac', 'content-length': String(slice.length) };
    if (library.etag) common.etag = library.etag;
    if (start > 0)
      return new Response(body, {
        status: 206,
        headers: { ...common, 'content-range': `bytes ${start}-${whole.length - 1}/${whole.length}` },
      });
    return new Response(body, { status: 200, headers: common });
  };
  return { library, fetch: fetch as typeof globalThis.fetch };
}

const access = {
  trackSource: async () => ({
    audioUrl: `https://library.test/${track.albumId}/1/2?auth=token`,
    coverUrl: `https://library.test/${track.albumId}/1/cover`,
  }),
} as unknown as LibraryAccess;

/** the keeping actor of one page of the app: its queue saved as it changes, a failed try tried again at once */
function openPage(fetch: typeof globalThis.fetch) {
  const actor = createActor(
    keepingMachine.provide({
      actors: defineKeepingActors({ accessFor: async () => access, fetch }),
      delays: { retryDelay: 0 },
    }),
  );
  actor.on('queueChanged', ({ queue }) => void saveKeepQueue(queue));
  /** the bytes of the current track each progress showed */
  const progress: number[] = [];
  actor.subscribe((snapshot) => {
    if (progress.at(-1) !== snapshot.context.progress.bytes) progress.push(snapshot.context.progress.bytes);
  });
  actor.start();
  actor.send({ type: 'LOAD' });
  return { actor, progress };
}

const keptWhole = (page: ReturnType<typeof openPage>) =>
  waitFor(page.actor, (snapshot) => snapshot.context.kept.includes(trackKey(track)) && snapshot.matches('idle'), {
    timeout: 10_000,
  });

/** the kept body is `expected`, byte for byte (toEqual over megabytes takes seconds) */
async function expectKept(expected: Uint8Array): Promise<void> {
  const read = await readKeptTrack(KEY, [KEY.quality]);
  expect(read).not.toBeNull();
  const kept = new Uint8Array(await read!.body.arrayBuffer());
  const differsAt = Buffer.compare(kept, expected) === 0 ? null : kept.findIndex((byte, i) => byte !== expected[i]);
  expect({ bytes: kept.length, differsAt }).toEqual({ bytes: expected.length, differsAt: null });
}

/** waits until this many bytes of the track are stored, as a download cut off leaves them */
const stored = (bytes: number) =>
  vi.waitFor(async () => expect((await readPartialTrack(KEY))?.bytes).toBe(bytes), { timeout: 5_000, interval: 20 });

const pages: ReturnType<typeof openPage>[] = [];
/** a page of the app, once it has read what the device keeps */
async function open(fetch: typeof globalThis.fetch) {
  const page = openPage(fetch);
  pages.push(page);
  await waitFor(page.actor, (snapshot) => !snapshot.hasTag('reading'));
  return page;
}

beforeEach(() => {
  installFakeCaches();
});

afterEach(async () => {
  // a page "reloaded" in a test still waits on its stalled answer: it goes now
  for (const page of pages.splice(0)) page.actor.stop();
  await closeKeptStores();
  await deleteDB(KEPT_DB_NAME);
});

describe('a download cut off continues where it stopped', () => {
  test('after a reload the library is asked for the rest (206): the kept body is the bytes it had and the rest, the progress starting there', async () => {
    const FILE = file(2.5 * KEEP_PIECE_BYTES, 1);
    const { library, fetch } = fakeLibrary(FILE);
    library.etag = '"v1"';
    // a full piece and a quarter arrive, then nothing (the tab is about to be reloaded)
    library.cut = { after: 1.25 * KEEP_PIECE_BYTES, how: 'stall' };
    const before = await open(fetch);
    before.actor.send({ type: 'KEEP', items: [item] });
    // the full piece is stored at once, the quarter a moment later since no more comes
    await stored(1.25 * KEEP_PIECE_BYTES);

    // the reload: a new page resumes the saved queue; the old one is gone without a word
    const after = await open(fetch);
    await keptWhole(after);
    expect(library.requests).toEqual([
      { range: null, ifRange: null },
      { range: `bytes=${1.25 * KEEP_PIECE_BYTES}-`, ifRange: '"v1"' },
    ]);
    // both asked with the token in the header, not the URL, and kept by no HTTP cache (only the device's store keeps them)
    const own = {
      url: `https://library.test/${track.albumId}/1/2?quality=lossless`,
      authorization: 'token',
      cache: 'no-store',
    };
    expect(library.sent).toEqual([own, own]);
    await expectKept(FILE);
    // the progress of the resumed download starts at the bytes it had, not at 0
    expect(after.progress.filter((bytes) => bytes > 0)[0]).toBe(1.25 * KEEP_PIECE_BYTES);
    expect(after.progress.at(-1)).toBe(FILE.length);
    // kept whole: the partial bytes are gone
    expect(await readPartialTrack(KEY)).toBeNull();
  });

  test('the network lost midway: the next try asks for the rest, with what arrived before the loss stored', async () => {
    const FILE = file(2.5 * KEEP_PIECE_BYTES, 2);
    const { library, fetch } = fakeLibrary(FILE);
    library.cut = { after: 1.25 * KEEP_PIECE_BYTES, how: 'fail' };
    const page = await open(fetch);
    page.actor.send({ type: 'KEEP', items: [item] });
    await keptWhole(page);
    expect(library.requests.map((request) => request.range)).toEqual([null, `bytes=${1.25 * KEEP_PIECE_BYTES}-`]);
    await expectKept(FILE);
    expect(await readPartialTrack(KEY)).toBeNull();
  });

  test('a library that ignores ranges (200, the whole body): the bytes kept are dropped and the answer taken from the start', async () => {
    const FILE = file(2 * KEEP_PIECE_BYTES, 3);
    const { library, fetch } = fakeLibrary(FILE);
    library.ranges = false;
    library.cut = { after: KEEP_PIECE_BYTES, how: 'stall' };
    (await open(fetch)).actor.send({ type: 'KEEP', items: [item] });
    await stored(KEEP_PIECE_BYTES);

    const after = await open(fetch);
    await keptWhole(after);
    expect(library.requests.map((request) => request.range)).toEqual([null, `bytes=${KEEP_PIECE_BYTES}-`]);
    // not the bytes it had followed by the whole body
    await expectKept(FILE);
    expect(await readPartialTrack(KEY)).toBeNull();
  });

  test('a file changed meanwhile (206 of another total): the bytes kept are dropped and the new file asked whole', async () => {
    const { library, fetch } = fakeLibrary(file(2 * KEEP_PIECE_BYTES, 4));
    library.cut = { after: KEEP_PIECE_BYTES, how: 'stall' };
    (await open(fetch)).actor.send({ type: 'KEEP', items: [item] });
    await stored(KEEP_PIECE_BYTES);

    const CHANGED = file(3 * KEEP_PIECE_BYTES, 5);
    library.file = CHANGED;
    const after = await open(fetch);
    await keptWhole(after);
    expect(library.requests.map((request) => request.range)).toEqual([null, `bytes=${KEEP_PIECE_BYTES}-`, null]);
    await expectKept(CHANGED);
    expect(await readPartialTrack(KEY)).toBeNull();
  });

  test('取消保存 leaves nothing of the track: kept again, it starts from the first byte', async () => {
    const FILE = file(2 * KEEP_PIECE_BYTES, 6);
    const { library, fetch } = fakeLibrary(FILE);
    library.cut = { after: KEEP_PIECE_BYTES, how: 'stall' };
    const page = await open(fetch);
    page.actor.send({ type: 'KEEP', items: [item] });
    await stored(KEEP_PIECE_BYTES);
    page.actor.send({ type: 'CANCEL' });
    await vi.waitFor(async () => expect(await readPartialTrack(KEY)).toBeNull(), { timeout: 5_000, interval: 20 });

    page.actor.send({ type: 'KEEP', items: [item] });
    await keptWhole(page);
    expect(library.requests.map((request) => request.range)).toEqual([null, null]);
    await expectKept(FILE);
  });
});

describe('what a download stores on its way', () => {
  /** keeps `body` whole, and says every `put` into the partial downloads' stores meanwhile, by store name */
  async function writesWhileKeeping(body: Uint8Array<ArrayBuffer>): Promise<string[]> {
    const writes: string[] = [];
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (this.name === 'partial' || this.name === 'partial_pieces') writes.push(this.name);
      return put.apply(this, args);
    });
    try {
      const page = await open(fakeLibrary(body).fetch);
      page.actor.send({ type: 'KEEP', items: [item] });
      await keptWhole(page);
    } finally {
      spy.mockRestore();
    }
    await expectKept(body);
    return writes;
  }

  test('a body that arrives whole before a piece is due is kept with no write for resuming it', async () => {
    expect(await writesWhileKeeping(file(KEEP_PIECE_BYTES / 2, 7))).toEqual([]);
  });

  test('a longer body stores its full pieces as they come, not the last bytes once all are here, and none stay once kept', async () => {
    // the record with the first piece, then the second piece; the half piece at the end is kept whole with the body
    expect(await writesWhileKeeping(file(2.5 * KEEP_PIECE_BYTES, 8))).toEqual([
      'partial',
      'partial_pieces',
      'partial_pieces',
    ]);
    expect(await readPartialTrack(KEY)).toBeNull();
    // a page opened later reads the track as kept, with its size
    const later = await open(fakeLibrary(file(1, 0)).fetch);
    expect(later.actor.getSnapshot().context).toMatchObject({
      kept: [trackKey(track)],
      keptBytes: { [trackKey(track)]: 2.5 * KEEP_PIECE_BYTES },
    });
  });
});
