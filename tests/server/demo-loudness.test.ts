// The demo library's albums are mastered at clearly different loudness, so a listener hears loudness
// normalisation work in the demo: Harbor Lights loud (about −9 LUFS, its peaks held under full
// scale by a soft limiter), Lo-Fi 学习 Beats quiet (about −23 LUFS), the rest in between. Measured
// by ffmpeg's EBU R128 meter (integrated loudness and true peak) on the samples the FLAC files hold.
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { DEMO_ALBUMS } from '../../server/demo/catalog.js';
import { trackSoundSpec } from '../../server/demo/generate.js';
import { SAMPLE_RATE, synthesize } from '../../server/demo/synth.js';

interface Loudness {
  integrated: number;
  truePeak: number;
}

function measure(pcm: Int16Array): Loudness {
  const result = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-nostats', '-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', 'pipe:0'].concat([
      '-af',
      'ebur128=peak=true',
      '-f',
      'null',
      '-',
    ]),
    { input: Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), encoding: 'utf8' },
  );
  const summary = result.stderr.split('Summary:')[1] ?? '';
  const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]);
  if (!Number.isFinite(integrated) || !Number.isFinite(truePeak)) throw new Error(`ffmpeg said: ${result.stderr}`);
  return { integrated, truePeak };
}

/** every track of the album titled `title`, measured */
function albumLoudness(title: string): Loudness[] {
  const album = DEMO_ALBUMS.find((a) => a.title === title)!;
  return album.discs.flatMap((disc, d) => disc.tracks.map((_, t) => measure(synthesize(trackSoundSpec(album, d, t)))));
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('the demo library at different loudness', () => {
  const loud = albumLoudness('Harbor Lights');
  const quiet = albumLoudness('Lo-Fi 学习 Beats');
  const usual = albumLoudness('港灯夜曲');

  test('Harbor Lights is mastered loud: every track within 1 LU of −9 LUFS, its true peak under −0.5 dBTP', () => {
    for (const track of loud) {
      expect(Math.abs(track.integrated + 9)).toBeLessThanOrEqual(1);
      expect(track.truePeak).toBeLessThan(-0.5);
    }
  });

  test('Lo-Fi 学习 Beats is mastered quiet: every track within 1 LU of −23 LUFS', () => {
    for (const track of quiet) expect(Math.abs(track.integrated + 23)).toBeLessThanOrEqual(1);
  });

  test('the loud and the quiet album are about 14 LU apart; the others sit between them', () => {
    expect(mean(loud.map((t) => t.integrated)) - mean(quiet.map((t) => t.integrated))).toBeGreaterThan(13);
    const middle = mean(usual.map((t) => t.integrated));
    expect(middle).toBeGreaterThan(-20);
    expect(middle).toBeLessThan(-14);
  });
});
