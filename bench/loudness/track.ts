// The loudness bench's track: five minutes of 44.1 kHz stereo, music-like (a kick on the beat, a
// bass line, chords and hiss, soft-clipped as a loud master is), in chunks of one second as a
// decoder would hand them over. The meter's work per sample does not depend on the signal; the
// signal is music-like so its figures (about −8 LUFS, a true peak of −1.5 dBTP) look like a track's.

export const TRACK_RATE = 44_100;
export const TRACK_SECONDS = 300;

const CHORDS = [
  [220, 277.18, 329.63],
  [196, 246.94, 293.66],
  [174.61, 220, 261.63],
  [196, 246.94, 311.13],
];

/** `seconds` of the track as [left, right] chunks of one second */
export function syntheticTrack(seconds = TRACK_SECONDS, rate = TRACK_RATE): Float32Array[][] {
  let seed = 1;
  const noise = () => {
    seed = (seed * 1_664_525 + 1_013_904_223) >>> 0;
    return (seed / 2 ** 32) * 2 - 1;
  };
  const chunks: Float32Array[][] = [];
  for (let start = 0; start < seconds * rate; start += rate) {
    const left = new Float32Array(rate);
    const right = new Float32Array(rate);
    for (let i = 0; i < rate; i++) {
      const t = (start + i) / rate;
      const beat = t % 0.5;
      const chord = CHORDS[Math.floor(t / 2) % CHORDS.length]!;
      const kick = Math.exp(-beat * 18) * Math.sin(2 * Math.PI * (50 + 80 * Math.exp(-beat * 30)) * beat);
      const bass = 0.3 * Math.sin(Math.PI * chord[0]! * t);
      const pad =
        0.12 *
        (Math.sin(2 * Math.PI * chord[0]! * t) +
          Math.sin(2 * Math.PI * chord[1]! * t) +
          Math.sin(2 * Math.PI * chord[2]! * t));
      const hiss = 0.1 * Math.exp(-((t * 4) % 1) * 40) * noise();
      const mid = 0.9 * kick + bass + pad;
      left[i] = 0.85 * Math.tanh(1.6 * (mid + hiss));
      right[i] = 0.85 * Math.tanh(1.6 * (mid - hiss));
    }
    chunks.push([left, right]);
  }
  return chunks;
}
