// The audio actor against a fake element: element events become reports, commands set the
// element, stopping cleans up, and a refused play() is a report, never an unhandled rejection.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyEventObject } from 'xstate';
import { createAudioActor, type AudioCommand, type AudioElementLike, type AudioReport } from '@/features/player/audioActor';
import { flush } from './fakes';

class FakeAudio extends EventTarget implements AudioElementLike {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  volume = 1;
  muted = false;
  paused = true;
  ended = false;
  error: { code: number; message?: string } | null = null;
  preload = '';
  attributes = new Map<string, string>();
  plays = 0;
  loads = 0;
  /** what play() does: resolve (default) or reject with an error */
  playResult: () => Promise<void> = () => Promise.resolve();

  play(): Promise<void> {
    this.plays++;
    this.paused = false;
    return this.playResult();
  }
  pause(): void {
    this.paused = true;
  }
  load(): void {
    this.loads++;
  }
  getAttribute(name: string): string | null {
    if (name === 'src') return this.src === '' ? null : this.src;
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
    this.attributes.delete(name);
  }
  fire(type: string): void {
    this.dispatchEvent(new Event(type));
  }
  listenerCount = 0;
  override addEventListener(...args: Parameters<EventTarget['addEventListener']>): void {
    this.listenerCount++;
    super.addEventListener(...args);
  }
  override removeEventListener(...args: Parameters<EventTarget['removeEventListener']>): void {
    this.listenerCount--;
    super.removeEventListener(...args);
  }
}

/** a parent machine that invokes the actor and records every report it hears */
function start(element = new FakeAudio(), input = { volume: 80, muted: false }) {
  const reports: AudioReport[] = [];
  const parent = createMachine({
    invoke: { id: 'audio', src: 'audio', input },
    on: { '*': { actions: ({ event }: { event: AnyEventObject }) => reports.push(event as AudioReport) } },
  }).provide({ actors: { audio: createAudioActor(() => element) } });
  const actor = createActor(parent).start();
  const send = (command: AudioCommand) => actor.getSnapshot().children.audio!.send(command);
  return { element, reports, actor, send };
}

afterEach(() => vi.restoreAllMocks());

describe('audio actor: start', () => {
  it('applies the stored volume (percent → 0–1) and mute, and listens', () => {
    const { element } = start(new FakeAudio(), { volume: 35, muted: true });
    expect(element.volume).toBeCloseTo(0.35);
    expect(element.muted).toBe(true);
    expect(element.preload).toBe('auto');
    expect(element.listenerCount).toBeGreaterThan(0);
  });
});

describe('audio actor: commands set the element', () => {
  it('load sets the source, loads and plays when autoplay', () => {
    const { element, send } = start();
    send({ type: 'audio.load', url: 'https://lib/a/1/1?auth=t', autoplay: true });
    expect(element.src).toBe('https://lib/a/1/1?auth=t');
    expect(element.loads).toBe(1);
    expect(element.plays).toBe(1);
    send({ type: 'audio.load', url: 'https://lib/a/1/2?auth=t', autoplay: false });
    expect(element.plays).toBe(1);
  });

  it('play, pause, seek, volume', () => {
    const { element, send } = start();
    send({ type: 'audio.play' });
    expect(element.paused).toBe(false);
    send({ type: 'audio.pause' });
    expect(element.paused).toBe(true);
    send({ type: 'audio.seek', time: 42.5 });
    expect(element.currentTime).toBe(42.5);
    send({ type: 'audio.seek', time: Number.NaN });
    expect(element.currentTime).toBe(42.5);
    send({ type: 'audio.volume', volume: 150, muted: false });
    expect(element.volume).toBe(1);
    send({ type: 'audio.volume', volume: 20, muted: true });
    expect(element.volume).toBeCloseTo(0.2);
    expect(element.muted).toBe(true);
  });

  it('unload pauses, drops the source and reloads the empty element', () => {
    const { element, send } = start();
    send({ type: 'audio.load', url: 'https://lib/x', autoplay: true });
    send({ type: 'audio.unload' });
    expect(element.paused).toBe(true);
    expect(element.getAttribute('src')).toBeNull();
    expect(element.loads).toBe(2);
  });

  it('a throwing element becomes an error report, and the actor lives on', () => {
    const { element, send, reports } = start();
    Object.defineProperty(element, 'currentTime', {
      get: () => 0,
      set: () => {
        throw new Error('InvalidStateError');
      },
    });
    send({ type: 'audio.seek', time: 3 });
    expect(reports).toEqual([{ type: 'audio.error', message: 'InvalidStateError' }]);
    send({ type: 'audio.play' });
    expect(element.plays).toBe(1);
  });
});

describe('audio actor: element events become reports', () => {
  it('canplay, playing, timeupdate, durationchange, ended', () => {
    const { element, reports, send } = start();
    send({ type: 'audio.load', url: 'https://lib/x', autoplay: true });
    element.duration = 180;
    element.fire('canplay');
    element.fire('playing');
    element.currentTime = 12.5;
    element.fire('timeupdate');
    element.duration = Number.POSITIVE_INFINITY;
    element.fire('durationchange');
    element.ended = true;
    element.paused = true;
    element.fire('pause'); // the end of a track pauses first: not a user pause
    element.fire('ended');
    expect(reports).toEqual([
      { type: 'audio.loaded', duration: 180 },
      { type: 'audio.playing' },
      { type: 'audio.timeupdate', currentTime: 12.5, duration: 180 },
      { type: 'audio.timeupdate', currentTime: 12.5, duration: null },
      { type: 'audio.ended' },
    ]);
  });

  it('pause is reported only while the element is still paused (a quick resume wins)', () => {
    const { element, reports, send } = start();
    send({ type: 'audio.load', url: 'https://lib/x', autoplay: true });
    send({ type: 'audio.pause' });
    send({ type: 'audio.play' });
    element.fire('pause'); // queued by the pause, dispatched after the resume
    expect(reports).toEqual([]);
    send({ type: 'audio.pause' });
    element.fire('pause');
    expect(reports).toEqual([{ type: 'audio.paused' }]);
  });

  it('playing is reported only while the element plays', () => {
    const { element, reports } = start();
    element.paused = true;
    element.fire('playing');
    expect(reports).toEqual([]);
  });

  it('error with a source is reported with the reason; without a source it is not', () => {
    const { element, reports, send } = start();
    element.fire('error');
    expect(reports).toEqual([]);
    send({ type: 'audio.load', url: 'https://lib/x', autoplay: false });
    element.error = { code: 4 };
    element.fire('error');
    element.error = { code: 2, message: 'MEDIA_ELEMENT_ERROR: 404' };
    element.fire('error');
    expect(reports).toEqual([
      { type: 'audio.error', message: 'source not supported' },
      { type: 'audio.error', message: 'MEDIA_ELEMENT_ERROR: 404' },
    ]);
  });
});

describe('audio actor: play() refused', () => {
  it('NotAllowedError (autoplay blocked) is a report, not an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { element, reports, send } = start();
      element.playResult = () => Promise.reject(new DOMException('play() failed because the user did not interact', 'NotAllowedError'));
      send({ type: 'audio.load', url: 'https://lib/x', autoplay: true });
      await flush();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(reports).toEqual([
        { type: 'audio.playRejected', name: 'NotAllowedError', message: 'play() failed because the user did not interact' },
      ]);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('AbortError (interrupted by a new load) is not reported', async () => {
    const { element, reports, send } = start();
    element.playResult = () => Promise.reject(new DOMException('interrupted by a new load request', 'AbortError'));
    send({ type: 'audio.play' });
    await flush();
    expect(reports).toEqual([]);
  });

  it('a synchronous throw from play() is reported too', async () => {
    const { element, reports, send } = start();
    element.play = () => {
      throw new TypeError('no');
    };
    send({ type: 'audio.play' });
    await flush();
    expect(reports).toEqual([{ type: 'audio.playRejected', name: 'TypeError', message: 'no' }]);
  });
});

describe('audio actor: stop', () => {
  it('pauses, drops the source, reloads and removes every listener; later events are silent', async () => {
    const { element, reports, send, actor } = start();
    send({ type: 'audio.load', url: 'https://lib/x', autoplay: true });
    element.playResult = () => Promise.reject(new DOMException('blocked', 'NotAllowedError'));
    send({ type: 'audio.play' });
    actor.stop();
    expect(element.paused).toBe(true);
    expect(element.getAttribute('src')).toBeNull();
    expect(element.loads).toBe(2);
    expect(element.listenerCount).toBe(0);
    element.fire('playing');
    await flush();
    expect(reports).toEqual([]);
  });

  it('without an element (no Audio in this browser) loads fail as reports', () => {
    const reports: AnyEventObject[] = [];
    const parent = createMachine({
      invoke: { id: 'audio', src: 'audio', input: { volume: 100, muted: false } },
      on: { '*': { actions: ({ event }: { event: AnyEventObject }) => reports.push(event) } },
    }).provide({
      actors: {
        audio: createAudioActor(() => {
          throw new ReferenceError('Audio is not defined');
        }),
      },
    });
    const actor = createActor(parent).start();
    actor.getSnapshot().children.audio!.send({ type: 'audio.load', url: 'x', autoplay: true });
    actor.getSnapshot().children.audio!.send({ type: 'audio.play' });
    expect(reports).toEqual([{ type: 'audio.error', message: 'Audio is not defined' }]);
    expect(actor.getSnapshot().status).toBe('active');
  });
});
