import { afterEach, describe, expect, it, vi } from 'vitest';
import { setMediaHandlers, setMediaInfo } from '@/services/mediaSession';

function fakeNavigator() {
  const handlers = new Map<string, (() => void) | null>();
  const mediaSession = {
    metadata: null as unknown,
    playbackState: 'none',
    setActionHandler: (action: string, handler: (() => void) | null) => handlers.set(action, handler),
  };
  return { nav: { mediaSession } as unknown as Navigator, mediaSession, handlers };
}

class FakeMetadata {
  constructor(readonly init: object) {}
}

describe('media session', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sets metadata and playback state', () => {
    vi.stubGlobal('MediaMetadata', FakeMetadata);
    const { nav, mediaSession } = fakeNavigator();
    setMediaInfo({ title: '港灯', artist: '港灯乐团', album: '港灯夜曲', artwork: 'blob:x' }, true, nav);
    expect((mediaSession.metadata as FakeMetadata).init).toEqual({
      title: '港灯',
      artist: '港灯乐团',
      album: '港灯夜曲',
      artwork: [{ src: 'blob:x' }],
    });
    expect(mediaSession.playbackState).toBe('playing');
    setMediaInfo(null, false, nav);
    expect(mediaSession.metadata).toBeNull();
    expect(mediaSession.playbackState).toBe('none');
  });

  it('installs play, pause, previous and next handlers and removes them', () => {
    const { nav, handlers } = fakeNavigator();
    const calls: string[] = [];
    const remove = setMediaHandlers(
      {
        play: () => calls.push('play'),
        pause: () => calls.push('pause'),
        previous: () => calls.push('previous'),
        next: () => calls.push('next'),
      },
      nav,
    );
    for (const action of ['play', 'pause', 'previoustrack', 'nexttrack']) handlers.get(action)?.();
    expect(calls).toEqual(['play', 'pause', 'previous', 'next']);
    remove();
    expect([...handlers.values()].every((h) => h === null)).toBe(true);
  });

  it('does nothing where the API is missing', () => {
    expect(() => setMediaInfo({ title: 't', artist: 'a', album: 'b' }, true, {} as Navigator)).not.toThrow();
    expect(() =>
      setMediaHandlers({ play() {}, pause() {}, previous() {}, next() {} }, {} as Navigator)(),
    ).not.toThrow();
  });
});
