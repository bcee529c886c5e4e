// Model-based paths over the real lyrics machine (docs/architecture.md#10-tests-and-benchmarks): every path
// `npm run paths -- lyrics` prints (samples and state key beside the machine) is replayed with a fetch that settles
// only when the path says so, and checked against the rules written out plainly; plus the fetch's input and what
// the same track again does; then the editor it spawns, what a save shows and 显示翻译.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { lyricsEditorMachine } from '@/features/lyrics/lyricsEditorMachine';
import { lyricsMachine } from '@/features/lyrics/lyricsMachine';
import { canEditOf, canTranslateOf, lyricsStateOf, translationShownOf } from '@/features/lyrics/selectors';
import { lyricsOf, type Lyrics, type LyricVersion } from '@/rules/lyrics';
import type { LyricPatch } from '@/services/api/lyric';
import {
  assertAllStatesReached,
  replayPath,
  stateIdsOf,
  withPendingActors,
  type MachinePath,
} from '../../model-paths/modelPaths';
import { fakeService, flush } from './fakes';
import { itPrintsTheWalk, registryWalk, stateOf } from './registryWalk';

const machine = withPendingActors(lyricsMachine, ['fetchLyrics']);
type Machine = typeof machine;

type Version = LyricVersion & { language: string };

/** the server's rule, written out: none → the source; the source's language replaces it; a translation's replaces that one; another is added */
function afterSave(lyrics: Lyrics | null, saved: Version) {
  if (!lyrics) return { source: saved, translations: [] as LyricVersion[] };
  const same = (v: LyricVersion) => v.language.toLowerCase() === saved.language.toLowerCase();
  if (same(lyrics.source)) return { source: saved, translations: lyrics.translations };
  return {
    source: lyrics.source,
    translations: lyrics.translations.some(same)
      ? lyrics.translations.map((t) => (same(t) ? saved : t))
      : [...lyrics.translations, saved],
  };
}

function expected(path: MachinePath<Machine>) {
  let state = 'idle';
  let track: unknown = null;
  let lyrics: Lyrics | null = null;
  let error: string | null = null;
  let showTranslation = true;
  let editorOpen = false;
  const canEdit = () => state === 'none' || state.startsWith('shown');
  for (const { event } of path.steps.slice(1)) {
    const e = event as {
      type: string;
      track?: { albumId: string } | null;
      output?: Lyrics | Version | null;
      error?: Error;
      on?: boolean;
      part?: string;
    };
    if (e.type === 'TRACK') {
      if (JSON.stringify(e.track) === JSON.stringify(track)) continue;
      [track, lyrics, error, editorOpen] = [e.track, null, null, false];
      state = e.track === null ? 'idle' : 'loading';
    } else if (e.type === 'SHOW_TRANSLATION') showTranslation = e.on!;
    else if (e.type === 'OPEN_EDITOR' && canEdit() && (e.part === 'source' || lyrics !== null)) editorOpen = true;
    else if (e.type === 'xstate.done.actor.lyricsEditor' && canEdit()) {
      editorOpen = false;
      const saved = e.output as Version | null;
      if (saved) {
        const kept = afterSave(lyrics, saved);
        lyrics = lyricsOf(kept.source, kept.translations);
        state = 'shown.reloading';
      }
    } else if ((state === 'loading' || state === 'shown.reloading') && e.type === 'xstate.done.actor.fetchLyrics') {
      lyrics = (e.output as Lyrics | null) ?? null;
      state = lyrics ? 'shown.current' : 'none';
    } else if (state === 'loading' && e.type === 'xstate.error.actor.fetchLyrics')
      [state, error] = ['failed', e.error!.message];
    // what was saved keeps showing
    else if (state === 'shown.reloading' && e.type === 'xstate.error.actor.fetchLyrics') state = 'shown.current';
    else if (state === 'failed' && e.type === 'RETRY') state = 'loading';
  }
  return { state, track, lyrics, error, showTranslation, editorOpen };
}

describe('lyrics machine paths', () => {
  // the walk `npm run paths -- lyrics` prints, from the samples beside the machine
  const machineWalk = registryWalk('lyrics', machine);
  const { paths, cases } = machineWalk;
  itPrintsTheWalk('lyrics', machineWalk);

  it('reaches every state', () => {
    expect(stateIdsOf(machine)).toEqual(['idle', 'loading', 'shown.current', 'shown.reloading', 'none', 'failed']);
    assertAllStatesReached(paths, machine);
  });

  it.each(cases)('%s', async (_, path) => {
    const { finalSnapshot: s } = await replayPath(machine, path);
    const want = expected(path);
    expect(stateOf(s.value)).toBe(want.state);
    const { editor, ...held } = s.context;
    expect(held).toEqual({
      track: want.track,
      lyrics: want.lyrics,
      error: want.error,
      showTranslation: want.showTranslation,
    });
    expect(editor !== null).toBe(want.editorOpen);
    expect(s.hasTag('busy')).toBe(want.state === 'loading');
    expect(s.hasTag('refreshing')).toBe(want.state === 'shown.reloading');
    // what the panel reads: the tags say the state
    expect(lyricsStateOf(s)).toBe(want.state.split('.')[0]);
    // the editor opens where the lyrics are known: 添加翻译 only beside a source
    expect(canEditOf(s)).toBe(want.state === 'none' || want.state.startsWith('shown'));
    expect(canTranslateOf(s)).toBe(want.state.startsWith('shown'));
    expect(translationShownOf(s)).toBe(want.showTranslation && want.lyrics?.translation != null);
  });
});

const text = (data: string, language = 'zh-CN'): LyricVersion => ({ type: 'text', language, data, contributor: null });

describe('lyrics machine', () => {
  const A = { albumId: 'a', discId: 1, trackId: 1 };
  const B = { albumId: 'a', discId: 1, trackId: 2 };

  it('fetches the track it is given, once while the track stays; a new track drops the old answer', async () => {
    const fetch = fakeService<Lyrics | null, typeof A>();
    const actor = createActor(lyricsMachine.provide({ actors: { fetchLyrics: fetch.logic } })).start();
    actor.send({ type: 'TRACK', track: A });
    actor.send({ type: 'TRACK', track: { ...A } });
    expect(fetch.calls.map((c) => c.input)).toEqual([A]);
    fetch.last.resolve(lyricsOf(text('a'), []));
    await flush();
    actor.send({ type: 'TRACK', track: A });
    expect(actor.getSnapshot().value).toEqual({ shown: 'current' });
    actor.send({ type: 'TRACK', track: B });
    expect(fetch.calls.map((c) => c.input)).toEqual([A, B]);
    expect(actor.getSnapshot().context.lyrics).toBeNull();
  });

  it('an answer for a track no longer shown is not heard', async () => {
    let settle: (value: Lyrics | null) => void = () => {};
    const slow = fromPromise<Lyrics | null, typeof A>(({ input }) =>
      input.trackId === 1 ? new Promise((resolve) => (settle = resolve)) : Promise.resolve(null),
    );
    const actor = createActor(lyricsMachine.provide({ actors: { fetchLyrics: slow } })).start();
    actor.send({ type: 'TRACK', track: A });
    actor.send({ type: 'TRACK', track: B });
    await flush();
    settle(lyricsOf(text('of A'), []));
    await flush();
    expect(actor.getSnapshot().value).toBe('none');
    expect(actor.getSnapshot().context.track).toEqual(B);
  });
});

describe('the editor it owns', () => {
  const A = { albumId: 'a', discId: 1, trackId: 1 };
  const B = { albumId: 'a', discId: 1, trackId: 2 };
  const source = text('港口的灯\n照着回家的船');
  const english = text('The harbour lights\nLighting the boats home', 'en');

  async function started(found: Lyrics | null) {
    const fetch = fakeService<Lyrics | null, typeof A>();
    const patch = fakeService<void, LyricPatch>();
    const lyricsEditor = lyricsEditorMachine.provide({ actors: { patchLyrics: patch.logic } });
    const actor = createActor(lyricsMachine.provide({ actors: { fetchLyrics: fetch.logic, lyricsEditor } })).start();
    actor.send({ type: 'TRACK', track: A });
    fetch.last.resolve(found);
    await flush();
    return { actor, fetch, patch };
  }

  it('添加翻译 starts from what the track has: the source to keep apart, the translation shown', async () => {
    const { actor } = await started(lyricsOf(source, [english]));
    actor.send({ type: 'OPEN_EDITOR', part: 'translation' });
    const editor = actor.getSnapshot().context.editor!;
    expect(editor.getSnapshot().context).toMatchObject({
      track: A,
      part: 'translation',
      source,
      translations: [english],
      initial: { type: 'text', language: 'en', data: english.data },
    });
    // 编辑歌词 instead: one editor at a time, from the source
    actor.send({ type: 'OPEN_EDITOR', part: 'source' });
    expect(editor.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().context.editor!.getSnapshot().context.initial).toEqual({
      type: 'text',
      language: 'zh-CN',
      data: source.data,
    });
  });

  it('a track without lyrics offers 添加歌词 only; what it saves shows at once, then loads again', async () => {
    const { actor, fetch, patch } = await started(null);
    expect(actor.getSnapshot().can({ type: 'OPEN_EDITOR', part: 'translation' })).toBe(false);
    actor.send({ type: 'OPEN_EDITOR', part: 'source' });
    const editor = actor.getSnapshot().context.editor!;
    expect(editor.getSnapshot().context.initial).toEqual({ type: 'lrc', language: '', data: '' });
    editor.send({ type: 'SUBMIT', form: { type: 'text', language: ' ja ', data: '港の灯' } });
    expect(patch.last.input).toEqual({ track: A, type: 'text', language: 'ja', data: '港の灯' });
    patch.last.resolve();
    await flush();
    const s = actor.getSnapshot();
    expect(s.value).toEqual({ shown: 'reloading' });
    expect(s.context.editor).toBeNull();
    expect(s.context.lyrics!.lines.map((l) => l.text)).toEqual(['港の灯']);
    expect(fetch.calls.map((c) => c.input)).toEqual([A, A]);
    const mine = { ...text('港の灯', 'ja'), contributor: { userId: '1', nickname: 'Mio', avatar: '' } };
    fetch.last.resolve(lyricsOf(mine, []));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ shown: 'current' });
    expect(actor.getSnapshot().context.lyrics!.source.contributor!.nickname).toBe('Mio');
  });

  it('a new track closes the editor without a word; 取消 changes nothing', async () => {
    const { actor, fetch } = await started(lyricsOf(source, []));
    actor.send({ type: 'OPEN_EDITOR', part: 'source' });
    actor.getSnapshot().context.editor!.send({ type: 'CLOSE' });
    await flush();
    expect(actor.getSnapshot().context.editor).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ shown: 'current' });
    actor.send({ type: 'OPEN_EDITOR', part: 'source' });
    const editor = actor.getSnapshot().context.editor!;
    actor.send({ type: 'TRACK', track: B });
    expect(editor.getSnapshot().status).toBe('stopped');
    expect(actor.getSnapshot().context.editor).toBeNull();
    expect(fetch.calls).toHaveLength(2);
  });

  it('显示翻译 is kept across tracks', async () => {
    const { actor, fetch } = await started(lyricsOf(source, [english]));
    expect(translationShownOf(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'SHOW_TRANSLATION', on: false });
    expect(translationShownOf(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'TRACK', track: B });
    fetch.last.resolve(lyricsOf(source, [english]));
    await flush();
    expect(actor.getSnapshot().context.showTranslation).toBe(false);
  });
});
