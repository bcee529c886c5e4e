// What the player's audio graph needs of Web Audio's nodes, params and context: the browser's
// satisfy it, and tests pass fakes (tests/machines/fakeAudioContext.ts).

/** what the graph needs of an AudioParam */
export interface ParamLike {
  value: number;
  setValueAtTime(value: number, time: number): unknown;
  setTargetAtTime(target: number, time: number, timeConstant: number): unknown;
  setValueCurveAtTime(values: Float32Array, time: number, duration: number): unknown;
  linearRampToValueAtTime(value: number, endTime: number): unknown;
  cancelScheduledValues(time: number): unknown;
}
export interface NodeLike {
  connect(destination: NodeLike): unknown;
  disconnect(): void;
}
export interface GainLike extends NodeLike {
  readonly gain: ParamLike;
}
export interface FilterLike extends NodeLike {
  type: 'peaking';
  readonly frequency: ParamLike;
  readonly Q: ParamLike;
  readonly gain: ParamLike;
}
/** what the graph needs of an AudioContext (tests pass a fake) */
export interface ContextLike {
  readonly currentTime: number;
  readonly sampleRate: number;
  readonly state: string;
  readonly destination: NodeLike;
  createGain(): GainLike;
  createBiquadFilter(): FilterLike;
  createMediaElementSource(element: never): NodeLike;
  resume(): Promise<void>;
  suspend(): Promise<void>;
  addEventListener(type: 'statechange', listener: () => void): void;
  close(): Promise<void>;
}
