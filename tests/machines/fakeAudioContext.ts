// A Web Audio context for tests without a browser: nodes remember what they connect to, params
// remember what was scheduled and apply it at once (the audio clock stands still), so a test reads
// the graph's wiring and the level each gain ends at.
import type { ContextLike, FilterLike, GainLike, NodeLike, ParamLike } from '@/features/player/audioNodes';

class FakeParam implements ParamLike {
  value: number;
  /** what was scheduled, in order: [method, ...arguments] */
  calls: [string, ...unknown[]][] = [];
  constructor(value: number) {
    this.value = value;
  }
  setValueAtTime(value: number, time: number) {
    this.calls.push(['setValueAtTime', value, time]);
    this.value = value;
  }
  setTargetAtTime(target: number, time: number, timeConstant: number) {
    this.calls.push(['setTargetAtTime', target, time, timeConstant]);
    this.value = target;
  }
  setValueCurveAtTime(values: Float32Array, time: number, duration: number) {
    this.calls.push(['setValueCurveAtTime', Array.from(values), time, duration]);
    this.value = values[values.length - 1] ?? this.value;
  }
  linearRampToValueAtTime(value: number, endTime: number) {
    this.calls.push(['linearRampToValueAtTime', value, endTime]);
    this.value = value;
  }
  cancelScheduledValues(time: number) {
    this.calls.push(['cancelScheduledValues', time]);
  }
}

export class FakeNode implements NodeLike {
  outputs: NodeLike[] = [];
  disconnected = false;
  constructor(readonly kind: string) {}
  connect(destination: NodeLike) {
    this.outputs.push(destination);
    return destination;
  }
  disconnect() {
    this.outputs = [];
    this.disconnected = true;
  }
}

export class FakeGain extends FakeNode implements GainLike {
  readonly gain = new FakeParam(1);
  constructor() {
    super('gain');
  }
}

export class FakeFilter extends FakeNode implements FilterLike {
  type = 'peaking' as const;
  readonly frequency = new FakeParam(350);
  readonly Q = new FakeParam(1);
  readonly gain = new FakeParam(0);
  constructor() {
    super('filter');
  }
}

export class FakeSource extends FakeNode {
  constructor(readonly element: unknown) {
    super('source');
  }
}

export class FakeAudioContext implements ContextLike {
  currentTime = 12.5;
  readonly sampleRate = 48_000;
  state: string;
  readonly destination = new FakeNode('destination');
  resumes = 0;
  closed = false;
  sources: FakeSource[] = [];
  private listeners: Array<() => void> = [];
  constructor(state = 'running') {
    this.state = state;
  }
  createGain() {
    return new FakeGain();
  }
  createBiquadFilter() {
    return new FakeFilter();
  }
  createMediaElementSource(element: never) {
    const source = new FakeSource(element);
    this.sources.push(source);
    return source;
  }
  resume() {
    this.resumes++;
    return Promise.resolve();
  }
  suspends = 0;
  suspend() {
    this.suspends++;
    this.state = 'suspended';
    return Promise.resolve();
  }
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
    return Promise.resolve();
  }
  /** the browser lets the context run (a gesture came) */
  run() {
    this.state = 'running';
    for (const listener of this.listeners) listener();
  }
  /** the nodes from an element's source to the speakers (source, its track gain and fader, preamp, bands, level, volume, speakers) */
  chainOf(element: unknown): FakeNode[] {
    const chain: FakeNode[] = [];
    let node = this.sources.find((s) => s.element === element && !s.disconnected) as FakeNode | undefined;
    while (node) {
      chain.push(node);
      node = node.outputs[0] as FakeNode | undefined;
    }
    return chain;
  }
}
