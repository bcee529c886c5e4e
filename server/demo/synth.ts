/*
 * Deterministic little synthesiser for the demo tracks: wavetable voices with envelopes playing a
 * seeded melody over a bass line and a soft pulse, "speech-like" gliding tones for drama/radio
 * tracks, and sparse chimes for the long ambient track. Same input → same samples, so files can be
 * regenerated identically.
 */

export const SAMPLE_RATE = 22050;
const TABLE_SIZE = 2048;

export type Timbre = 'flute' | 'organ' | 'pluck' | 'bell' | 'soft' | 'reed';
/** `tone`: one steady chord running on across tracks (the demo's gapless pair), see `ToneSpan` */
export type SoundKind = 'melody' | 'speech' | 'chimes' | 'tone';

/**
 * Where a `tone` track sits in the continuous chord it is cut from: its samples are those of the
 * chord from `from` seconds on, so two consecutive parts join sample for sample, with no fade at
 * the cut (only at the chord's very start and end).
 */
interface ToneSpan {
  from: number;
  fadeIn: boolean;
  fadeOut: boolean;
}

export interface SoundSpec {
  seed: number;
  seconds: number;
  kind: SoundKind;
  timbre: Timbre;
  /** MIDI note of the key's root (lead octave). */
  root: number;
  /** Scale as semitone offsets from the root. */
  scale: readonly number[];
  bpm: number;
  bass: boolean;
  pulse: boolean;
  /** for `tone`: the part of the chord this track is (default: the whole chord, faded at both ends) */
  span?: ToneSpan;
  /** louder (through a soft limiter) or quieter than the generator's own level, in dB */
  levelDb?: number;
}

/** Where the soft limiter starts to bend a sample (of 1, full scale), and how it bends above it. */
const LIMIT_KNEE = 0.5;
function softLimit(x: number): number {
  const size = Math.abs(x);
  if (size <= LIMIT_KNEE) return x;
  return Math.sign(x) * (LIMIT_KNEE + (1 - LIMIT_KNEE) * Math.tanh((size - LIMIT_KNEE) / (1 - LIMIT_KNEE)));
}

/** the mix at `levelDb`: a boost through the soft limiter (peaks stay under full scale), a cut as is */
function applyLevel(mix: Float32Array, levelDb: number): void {
  const gain = 10 ** (levelDb / 20);
  for (let i = 0; i < mix.length; i++) mix[i] = levelDb > 0 ? softLimit(mix[i]! * gain) : mix[i]! * gain;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HARMONICS: Record<Timbre | 'sine', readonly number[]> = {
  sine: [1],
  soft: [1, 0.08],
  flute: [1, 0.2, 0.06],
  organ: [1, 0.45, 0.2, 0.1],
  pluck: [1, 0.35, 0.15, 0.06],
  bell: [1, 0, 0.22, 0, 0.05],
  reed: [1, 0.5, 0.3, 0.15, 0.08],
};

const tables = new Map<string, Float32Array>();
function table(name: Timbre | 'sine'): Float32Array {
  let t = tables.get(name);
  if (t) return t;
  const h = HARMONICS[name];
  const norm = h.reduce((a, b) => a + b, 0);
  t = new Float32Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i++) {
    let v = 0;
    for (let k = 0; k < h.length; k++) v += h[k]! * Math.sin((2 * Math.PI * (k + 1) * i) / TABLE_SIZE);
    t[i] = v / norm;
  }
  tables.set(name, t);
  return t;
}

const midiHz = (m: number): number => 440 * 2 ** ((m - 69) / 12);

interface Note {
  start: number; // seconds
  length: number; // seconds
  freq: number;
  /** Frequency at the end (glide); equals freq when steady. */
  freqEnd: number;
  gain: number;
  wave: Timbre | 'sine';
  /** Exponential decay time constant (s) for plucked/bell notes; 0 = sustained with release. */
  decay: number;
}

/** Oscillator state carried across envelope segments of one note. */
interface Osc {
  wave: Float32Array;
  phase: number;
  step: number; // table steps per sample
  glide: number; // change of step per sample
}

/**
 * Adds `count` samples of the oscillator to out[at…], with the envelope going from env to
 * env + count·add (linear) or env·mul^count (exponential). Split into segments so the hot loop
 * has no branches.
 */
function segment(
  out: Float32Array,
  at: number,
  count: number,
  osc: Osc,
  env: number,
  add: number,
  mul: number,
  gain: number,
): number {
  const wave = osc.wave;
  let { phase, step } = osc;
  const glide = osc.glide;
  const end = Math.min(out.length, at + count);
  for (let i = at; i < end; i++) {
    const idx = phase | 0;
    const a = wave[idx]!;
    out[i]! += (a + (wave[idx + 1]! - a) * (phase - idx)) * env * gain;
    env = env * mul + add;
    phase += step;
    step += glide;
    if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
  }
  osc.phase = phase;
  osc.step = step;
  return env;
}

function render(out: Float32Array, note: Note): void {
  const sr = SAMPLE_RATE;
  const start = Math.floor(note.start * sr);
  const held = Math.max(2, Math.floor(note.length * sr));
  const attack = Math.min(held - 1, Math.max(1, Math.floor(0.012 * sr)));
  const step = (note.freq * TABLE_SIZE) / sr;
  const osc: Osc = {
    wave: table(note.wave),
    phase: 0,
    step,
    glide: ((note.freqEnd - note.freq) * TABLE_SIZE) / sr / held,
  };
  const g = note.gain;
  let at = start;
  let env = segment(out, at, attack, osc, 0, 1 / attack, 1, g);
  at += attack;
  if (note.decay > 0) {
    // plucked: exponential decay from the end of the attack until about -54 dB
    const mul = Math.exp(-1 / (note.decay * sr));
    const count = Math.ceil(Math.log(2e-3) / Math.log(mul));
    env = segment(out, at, Math.min(held - attack, count), osc, env, 0, mul, g);
    if (count > held - attack) {
      osc.glide = 0;
      segment(out, at + held - attack, count - (held - attack), osc, env, 0, mul, g);
    }
    return;
  }
  // sustained: slight fall while held, then an 80 ms release
  env = segment(out, at, held - attack, osc, 1, -0.25 / (held - attack), 1, g);
  at += held - attack;
  osc.glide = 0;
  const release = Math.floor(0.08 * sr);
  segment(out, at, release, osc, env, -env / release, 1, g);
}

function melodyNotes(spec: SoundSpec, rnd: () => number): Note[] {
  const notes: Note[] = [];
  const beat = 60 / spec.bpm;
  const end = spec.seconds - 1.5;
  const decay = spec.timbre === 'pluck' ? 0.3 : spec.timbre === 'bell' ? 0.45 : 0;
  let degree = Math.floor(rnd() * spec.scale.length);
  let t = 0.25;
  const lengths = [0.5, 1, 1, 1, 2];
  while (t < end) {
    const len = lengths[Math.floor(rnd() * lengths.length)]! * beat;
    if (rnd() > 0.12) {
      degree = Math.max(0, Math.min(spec.scale.length * 2 - 1, degree + Math.floor(rnd() * 5) - 2));
      const octave = Math.floor(degree / spec.scale.length);
      const midi = spec.root + spec.scale[degree % spec.scale.length]! + 12 * octave;
      const f = midiHz(midi);
      notes.push({ start: t, length: len * 0.9, freq: f, freqEnd: f, gain: 0.34, wave: spec.timbre, decay });
    }
    t += len;
  }
  if (spec.bass) {
    for (let bar = 0; bar * 4 * beat < end; bar++) {
      const step = [0, 0, 4, 3][bar % 4]!; // I I V IV in scale degrees
      const f = midiHz(spec.root - 24 + spec.scale[step % spec.scale.length]!);
      notes.push({
        start: 0.25 + bar * 4 * beat,
        length: 4 * beat * 0.95,
        freq: f,
        freqEnd: f,
        gain: 0.22,
        wave: 'soft',
        decay: 0,
      });
    }
  }
  if (spec.pulse) {
    for (let b = 0; b * beat < end; b++) {
      notes.push({
        start: 0.25 + b * beat,
        length: 0.12,
        freq: 110,
        freqEnd: 45,
        gain: b % 4 === 0 ? 0.2 : 0.12,
        wave: 'sine',
        decay: 0.06,
      });
    }
  }
  return notes;
}

/** Murmuring "voice": short gliding syllables grouped into phrases with pauses. */
function speechNotes(spec: SoundSpec, rnd: () => number): Note[] {
  const notes: Note[] = [];
  const base = midiHz(spec.root - 12);
  let t = 0.3;
  while (t < spec.seconds - 1.5) {
    const syllables = 3 + Math.floor(rnd() * 8);
    for (let s = 0; s < syllables && t < spec.seconds - 1.5; s++) {
      const len = 0.12 + rnd() * 0.18;
      const f = base * (0.85 + rnd() * 0.5);
      notes.push({
        start: t,
        length: len,
        freq: f,
        freqEnd: f * (0.85 + rnd() * 0.3),
        gain: 0.3,
        wave: spec.timbre,
        decay: 0,
      });
      t += len + 0.03;
    }
    t += 0.3 + rnd() * 0.6;
  }
  if (spec.bass) {
    const f = midiHz(spec.root - 24);
    notes.push({ start: 0.2, length: spec.seconds - 1.8, freq: f, freqEnd: f, gain: 0.08, wave: 'sine', decay: 0 });
  }
  return notes;
}

/** Sparse bell notes with real silence in between (keeps the long track small). */
function chimeNotes(spec: SoundSpec, rnd: () => number): Note[] {
  const notes: Note[] = [];
  let t = 0.5;
  while (t < spec.seconds - 4) {
    const degree = Math.floor(rnd() * spec.scale.length);
    const f = midiHz(spec.root + spec.scale[degree]!);
    notes.push({ start: t, length: 0.05, freq: f, freqEnd: f, gain: 0.3, wave: 'soft', decay: 0.25 });
    t += 3 + rnd() * 3;
  }
  return notes;
}

/**
 * A chord (root, fifth, octave, tenth) swelling slowly, computed from absolute time so any cut of
 * it continues exactly where the previous part stopped. Fades only at the chord's own ends.
 */
function renderTone(mix: Float32Array, spec: SoundSpec): void {
  const { from, fadeIn, fadeOut } = spec.span ?? { from: 0, fadeIn: true, fadeOut: true };
  const root = midiHz(spec.root - 12);
  const partials = [root, root * 1.5, root * 2, root * 2.5].map((f, k) => ({
    w: 2 * Math.PI * f,
    gain: [0.3, 0.18, 0.12, 0.07][k]!,
  }));
  const fade = Math.floor(1.2 * SAMPLE_RATE);
  const n = mix.length;
  for (let i = 0; i < n; i++) {
    const t = from + i / SAMPLE_RATE;
    let v = 0;
    for (const p of partials) v += Math.sin(p.w * t) * p.gain;
    let env = 0.8 + 0.2 * Math.sin(2 * Math.PI * 0.1 * t);
    if (fadeIn && i < fade) env *= i / fade;
    if (fadeOut && i > n - fade) env *= (n - i) / fade;
    mix[i] = v * env;
  }
}

export function synthesize(spec: SoundSpec): Int16Array {
  const n = Math.round(spec.seconds * SAMPLE_RATE);
  const mix = new Float32Array(n);
  if (spec.kind === 'tone') {
    renderTone(mix, spec);
  } else {
    const rnd = mulberry32(spec.seed);
    const notes =
      spec.kind === 'speech'
        ? speechNotes(spec, rnd)
        : spec.kind === 'chimes'
          ? chimeNotes(spec, rnd)
          : melodyNotes(spec, rnd);
    for (const note of notes) render(mix, note);
    const fadeStart = Math.max(0, n - Math.floor(1.2 * SAMPLE_RATE));
    for (let i = fadeStart; i < n; i++) mix[i]! *= (n - i) / (n - fadeStart);
  }
  if (spec.levelDb) applyLevel(mix, spec.levelDb);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    let f = mix[i]! * 30000;
    f = Math.min(Math.max(f, -32768), 32767);
    out[i] = ((f + 32768.5) | 0) - 32768; // round half up, without Math.round's cost
  }
  return out;
}
