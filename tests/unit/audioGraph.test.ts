// The one Web Audio graph over a fake context: its wiring, when it starts, and what each setting
// schedules on the audio clock (volume, the sleep timer's fade, the equaliser).
import { describe, expect, it, vi } from 'vitest';
import { createAudioGraph, fadeInCurve, fadeOutCurve } from '@/features/player/audioGraph';
import { EQ_BAND_HZ } from '@/shared/constants';
import { DEFAULT_SOUND, type EqualiserGains, type SoundSettings } from '@/rules/sound';
import { FakeAudioContext, type FakeFilter, type FakeGain } from '../machines/fakeAudioContext';

function graphOn(context = new FakeAudioContext()) {
  const graph = createAudioGraph(() => context);
  return { graph, context };
}

/** an element's chain: its source, track gain and fader, then the shared preamp, ten bands, level, volume, speakers */
function chain(context: FakeAudioContext, element: object) {
  const [source, trackGain, fader, preamp, ...rest] = context.chainOf(element);
  const bands = rest.slice(0, EQ_BAND_HZ.length) as FakeFilter[];
  const [level, volume, speakers] = rest.slice(EQ_BAND_HZ.length) as [FakeGain, FakeGain, unknown];
  return {
    source,
    trackGain: trackGain as FakeGain,
    fader: fader as FakeGain,
    preamp: preamp as FakeGain,
    bands,
    level,
    volume,
    speakers,
  };
}

/** the 均衡器 on with the listener's own curve */
const soundOf = (custom: EqualiserGains): SoundSettings => ({
  ...DEFAULT_SOUND,
  equaliser: { on: true, preset: 'custom', custom },
});

describe('the audio graph', () => {
  it('makes no context until an element is routed (a page that never plays starts no audio)', () => {
    const make = vi.fn(() => new FakeAudioContext());
    const graph = createAudioGraph(make);
    graph.setVolume(0.5, false);
    graph.fadeOut(1000);
    expect(make).not.toHaveBeenCalled();
    expect(graph.route({})).toBe(true);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('routes an element once: source → its track gain → preamp → 31 Hz … 16 kHz → level → volume → speakers', () => {
    const { graph, context } = graphOn();
    const element = {};
    expect(graph.route(element)).toBe(true);
    expect(graph.route(element)).toBe(true);
    expect(context.sources).toHaveLength(1);
    const { source, trackGain, preamp, bands, level, volume, speakers } = chain(context, element);
    expect(source?.kind).toBe('source');
    expect(trackGain.kind).toBe('gain');
    expect(preamp.kind).toBe('gain');
    expect(bands.map((band) => band.frequency.value)).toEqual([...EQ_BAND_HZ]);
    expect(bands.every((band) => band.type === 'peaking' && band.gain.value === 0)).toBe(true);
    expect([level.kind, volume.kind]).toEqual(['gain', 'gain']);
    expect(speakers).toBe(context.destination);
    expect(graph.routes(element)).toBe(true);
  });

  it('every element feeds the same chain; a released one leaves it', () => {
    const { graph, context } = graphOn();
    const [a, b] = [{}, {}];
    graph.route(a);
    graph.route(b);
    expect(chain(context, a).preamp).toBe(chain(context, b).preamp);
    expect(chain(context, a).trackGain).not.toBe(chain(context, b).trackGain);
    graph.release(a);
    expect(graph.routes(a)).toBe(false);
    expect(context.sources[0]?.disconnected).toBe(true);
    expect(graph.routes(b)).toBe(true);
  });

  it('a context the browser has not let run: the element plays straight, the context is asked to run; once it runs, listeners hear it', () => {
    const context = new FakeAudioContext('suspended');
    const { graph } = graphOn(context);
    const running = vi.fn();
    graph.onRunning(running);
    expect(graph.route({})).toBe(false);
    expect(context.resumes).toBe(1);
    graph.wake();
    expect(context.resumes).toBe(2);
    context.run();
    expect(running).toHaveBeenCalledTimes(1);
    expect(graph.route({})).toBe(true);
  });

  it('no Web Audio, or a context that cannot be made: nothing is routed and nothing throws', () => {
    expect(createAudioGraph(null).route({})).toBe(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const graph = createAudioGraph(() => {
      throw new Error('NotSupportedError');
    });
    expect(graph.route({})).toBe(false);
    expect(() => {
      graph.setVolume(0.3, true);
      graph.fadeOut(100);
      graph.restoreLevel();
      graph.setSound(soundOf({ preampDb: 3, bands: EQ_BAND_HZ.map(() => 1) }));
      graph.close();
    }).not.toThrow();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('volume and mute are the last gain, settling without a click; what was set before the start applies at once', () => {
    const { graph, context } = graphOn();
    graph.setVolume(0.4, false);
    const element = {};
    graph.route(element);
    const { volume } = chain(context, element);
    expect(volume.gain.value).toBeCloseTo(0.4);
    graph.setVolume(0.7, true);
    expect(volume.gain.value).toBe(0);
    expect(volume.gain.calls.at(-1)?.[0]).toBe('setTargetAtTime');
    graph.setVolume(0.7, false);
    expect(volume.gain.value).toBeCloseTo(0.7);
  });

  it("the sleep timer's fade is an equal-power curve on the audio clock from the level it is at; restoring ramps back", () => {
    const { graph, context } = graphOn();
    const element = {};
    graph.route(element);
    const { level } = chain(context, element);
    graph.fadeOut(10_000);
    const curve = level.gain.calls.find(([method]) => method === 'setValueCurveAtTime');
    expect(curve?.slice(2)).toEqual([context.currentTime, 10]);
    const values = curve?.[1] as number[];
    expect(values[0]).toBe(1);
    expect(values.at(-1)).toBeCloseTo(0);
    // equal power: half way through, the level is cos(45°)
    expect(fadeOutCurve(1, 3)[1]).toBeCloseTo(Math.SQRT1_2);
    graph.restoreLevel();
    expect(level.gain.calls.at(-1)).toEqual(['setTargetAtTime', 1, context.currentTime, expect.any(Number)]);
    expect(level.gain.value).toBe(1);
  });

  it('the equaliser: the preamp in dB as a gain, each band its dB; off, all 0 dB passes the sound unchanged', () => {
    const { graph, context } = graphOn();
    const element = {};
    graph.setSound({
      ...DEFAULT_SOUND,
      equaliser: { on: true, preset: 'bassBoost', custom: DEFAULT_SOUND.equaliser.custom },
    });
    graph.route(element);
    const { preamp, bands } = chain(context, element);
    expect(preamp.gain.value).toBeCloseTo(0.501, 3);
    expect(bands.map((band) => band.gain.value)).toEqual([7, 6, 5, 3, 1, 0, 0, 0, 0, 0]);
    graph.setSound({
      ...DEFAULT_SOUND,
      equaliser: { on: false, preset: 'bassBoost', custom: DEFAULT_SOUND.equaliser.custom },
    });
    expect(preamp.gain.value).toBe(1);
    expect(bands.every((band) => band.gain.value === 0)).toBe(true);
    // changed while playing: settled, never jumped
    expect(bands[0]?.gain.calls.at(-1)?.[0]).toBe('setTargetAtTime');
  });

  it('淡入淡出: the outgoing fader falls on a cosine and the incoming rises on a sine, over the same seconds from the same moment', () => {
    const { graph, context } = graphOn();
    const [from, to] = [{}, {}];
    graph.route(from);
    graph.route(to);
    expect(graph.crossfade(from, to, 6)).toBe(true);
    const out = chain(context, from).fader.gain.calls.find(([method]) => method === 'setValueCurveAtTime')!;
    const into = chain(context, to).fader.gain.calls.find(([method]) => method === 'setValueCurveAtTime')!;
    expect(out.slice(2)).toEqual([context.currentTime, 6]);
    expect(into.slice(2)).toEqual([context.currentTime, 6]);
    const [down, up] = [out[1] as number[], into[1] as number[]];
    expect([down[0], down.at(-1), up[0], up.at(-1)]).toEqual([1, expect.closeTo(0), 0, 1]);
    // equal power all the way: the two levels' squares add up to one
    for (let i = 0; i < down.length; i++) expect(down[i]! ** 2 + up[i]! ** 2).toBeCloseTo(1, 5);
    expect(fadeInCurve(3)[1]).toBeCloseTo(Math.SQRT1_2);
    // an element that plays straight cannot be faded; nor can no time
    expect(graph.crossfade(from, {}, 6)).toBe(false);
    expect(graph.crossfade(from, to, 0)).toBe(false);
  });

  it('an overlap cut short: the outgoing fader ramps to silence and the incoming to full within 80 ms; a reused element starts at full', () => {
    const { graph, context } = graphOn();
    const [from, to] = [{}, {}];
    graph.route(from);
    graph.route(to);
    graph.crossfade(from, to, 6);
    graph.endOverlap([from], to);
    expect(chain(context, from).fader.gain.calls.at(-1)).toEqual([
      'linearRampToValueAtTime',
      0,
      context.currentTime + 0.08,
    ]);
    expect(chain(context, to).fader.gain.calls.at(-1)).toEqual([
      'linearRampToValueAtTime',
      1,
      context.currentTime + 0.08,
    ]);
    graph.load(from, null);
    expect(chain(context, from).fader.gain.value).toBe(1);
  });

  it('woken by a press, the output runs before the play that follows; untouched, it stops again, not while a track is routed', () => {
    const context = new FakeAudioContext('suspended');
    const { graph } = graphOn(context);
    graph.wake();
    expect(context.resumes).toBe(1);
    context.run();
    graph.sleepIfIdle();
    expect(context.suspends).toBe(1);
    context.run();
    graph.route({});
    graph.sleepIfIdle();
    expect(context.suspends).toBe(1);
  });

  it('close lets every element go and closes the context', () => {
    const { graph, context } = graphOn();
    graph.route({});
    graph.close();
    expect(context.closed).toBe(true);
    expect(context.sources[0]?.disconnected).toBe(true);
  });
});
