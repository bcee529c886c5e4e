import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { decode as decodeJpeg } from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { albumFolder, DEMO_ALBUMS, DEMO_TAG_FILES, type DemoAlbum } from '../../server/demo/catalog.js';
import { drawCover } from '../../server/demo/cover.js';
import { encodeFlac } from '../../server/demo/flac.js';
import { trackSoundSpec, writeDemoAlbumFiles } from '../../server/demo/generate.js';
import { SAMPLE_RATE, mulberry32, synthesize } from '../../server/demo/synth.js';
import { flacDurationSeconds } from '../../server/library/scan.js';
import { decodeFlac, readStreamInfo } from './support/flac-decode.js';
import { removeDir, tempDir } from './support/fixture.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const allTracks = DEMO_ALBUMS.flatMap((a) =>
  a.discs.flatMap((d, di) => d.tracks.map((t, ti) => ({ album: a, disc: d, track: t, di, ti }))),
);

describe('demo catalogue', () => {
  test('at least 8 albums with fixed, unique UUIDs and 6 to 14 tracks each', () => {
    expect(DEMO_ALBUMS.length).toBeGreaterThanOrEqual(8);
    const ids = DEMO_ALBUMS.map((a) => a.album_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const a of DEMO_ALBUMS) {
      expect(a.album_id).toMatch(UUID);
      const n = a.discs.reduce((s, d) => s + d.tracks.length, 0);
      expect(n).toBeGreaterThanOrEqual(6);
      expect(n).toBeLessThanOrEqual(14);
    }
  });

  test('one two-disc album whose second disc has its own title', () => {
    const multi = DEMO_ALBUMS.filter((a) => a.discs.length === 2);
    expect(multi).toHaveLength(1);
    expect(multi[0]!.discs[0]!.title).toBeUndefined();
    expect(multi[0]!.discs[1]!.title).toBeTruthy();
  });

  test('every track type occurs; exactly one track is longer than 10 minutes; others 20–90 s', () => {
    const types = new Set(allTracks.map(({ album, disc, track }) => track.type ?? disc.type ?? album.type));
    expect([...types].sort()).toEqual(['absolute', 'drama', 'instrumental', 'normal', 'radio', 'vocal']);
    const long = allTracks.filter(({ track }) => track.seconds > 600);
    expect(long).toHaveLength(1);
    expect(long[0]!.track.seconds).toBe(630);
    for (const { track } of allTracks.filter(({ track }) => track.seconds <= 600)) {
      expect(track.seconds).toBeGreaterThanOrEqual(20);
      expect(track.seconds).toBeLessThanOrEqual(90);
    }
  });

  test('artist texts exercise 、, nested full-width parentheses and the doubled 、、', () => {
    const texts = DEMO_ALBUMS.flatMap((a) => [
      a.artist,
      ...a.discs.flatMap((d) => [d.artist ?? '', ...d.tracks.map((t) => t.artist ?? '')]),
    ]);
    expect(texts.some((t) => t.includes('、') && !t.includes('、、'))).toBe(true);
    expect(texts).toContain('港灯乐团（小林（吉他）、阿健）');
    expect(texts.some((t) => t.includes('、、'))).toBe(true);
    const roles = new Set(
      DEMO_ALBUMS.flatMap((a) => [
        a.artists,
        ...a.discs.flatMap((d) => [d.artists, ...d.tracks.map((t) => t.artists)]),
      ]).flatMap((x) => Object.keys(x ?? {})),
    );
    for (const role of ['irish-harp', 'composer', 'lyricist', 'vocal', 'piano']) expect(roles).toContain(role);
  });

  test('tags: names with / and %, a three-level parent/child chain, titles with / and Chinese', () => {
    const names = Object.values(DEMO_TAG_FILES)
      .flat()
      .map((t) => t.name);
    expect(names.some((n) => n.includes('/'))).toBe(true);
    expect(names.some((n) => n.includes('%'))).toBe(true);
    expect(DEMO_ALBUMS.some((a) => a.title.includes('/'))).toBe(true);
    expect(DEMO_ALBUMS.filter((a) => /[\u4e00-\u9fff]/.test(a.title)).length).toBeGreaterThanOrEqual(3);
  });

  test('tracks sound different: distinct seeds and different samples', () => {
    const seeds = allTracks.map(({ album, di, ti }) => trackSoundSpec(album, di, ti).seed);
    expect(new Set(seeds).size).toBe(seeds.length);
    const album = DEMO_ALBUMS[0]!;
    const first = synthesize({ ...trackSoundSpec(album, 0, 0), seconds: 5 });
    const second = synthesize({ ...trackSoundSpec(album, 0, 1), seconds: 5 });
    expect(Buffer.from(first.buffer).equals(Buffer.from(second.buffer))).toBe(false);
    expect(first.some((v) => Math.abs(v) > 3000)).toBe(true); // audible, not silence
  });

  test('the gapless pair (昼/夜: 黄昏 → 夜) is one chord cut in two: the second goes on sample for sample, no fade at the cut', () => {
    const album = DEMO_ALBUMS.find((a) => a.title === '昼/夜 Day/Night')!;
    const titles = album.discs[0]!.tracks.map((t) => t.title);
    const [di, first, second] = [0, titles.indexOf('黄昏'), titles.indexOf('夜')];
    expect(second).toBe(first + 1);
    const a = synthesize(trackSoundSpec(album, di, first));
    const b = synthesize(trackSoundSpec(album, di, second));
    // the whole chord at once, faded only at its own ends
    const whole = synthesize({
      ...trackSoundSpec(album, di, first),
      seconds: (a.length + b.length) / SAMPLE_RATE,
      span: { from: 0, fadeIn: true, fadeOut: true },
    });
    const joined = Int16Array.from([...a, ...b]);
    expect(joined.length).toBe(whole.length);
    expect(joined.every((v, i) => Math.abs(v - whole[i]!) <= 1)).toBe(true);
    // loud on both sides of the cut: a gap when playing them would be heard
    const around = joined.subarray(a.length - 2000, a.length + 2000);
    expect(Math.max(...around.map(Math.abs))).toBeGreaterThan(8000);
    // the other tracks of the album are not part of it
    expect(trackSoundSpec(album, di, first - 1).kind).toBe('melody');
  });

  test('synthesis is deterministic', () => {
    const spec = trackSoundSpec(DEMO_ALBUMS[1]!, 0, 2);
    expect(
      Buffer.from(synthesize({ ...spec, seconds: 3 }).buffer).equals(
        Buffer.from(synthesize({ ...spec, seconds: 3 }).buffer),
      ),
    ).toBe(true);
  });
});

describe('FLAC encoder', () => {
  const roundTrip = (samples: Int16Array): void => {
    const decoded = decodeFlac(encodeFlac(samples, SAMPLE_RATE));
    expect(decoded.info.totalSamples).toBe(samples.length);
    expect(
      Buffer.from(decoded.samples.buffer).equals(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)),
    ).toBe(true);
    expect(decoded.info.md5).toBe(
      createHash('md5')
        .update(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength))
        .digest('hex'),
    );
  };

  test.each([
    ['white noise (verbatim subframes)', 9000, (r: () => number) => Math.floor(r() * 65536) - 32768],
    ['full-scale square wave', 5000, (_r: () => number, i: number) => (i % 2 ? 32767 : -32768)],
    ['silence (constant subframes)', 8192, () => 0],
    ['a sine', 4096 * 3 + 17, (_r: () => number, i: number) => Math.round(12000 * Math.sin(i / 9))],
    ['three samples', 3, (_r: () => number, i: number) => i * 1000 - 1000],
  ])('round-trips %s exactly, with valid CRCs and MD5', (_name, n, f) => {
    const r = mulberry32(7);
    roundTrip(Int16Array.from({ length: n }, (_, i) => f(r, i)));
  });
});

describe('generated album files', () => {
  let dir: string;
  const album: DemoAlbum = DEMO_ALBUMS.find((a) => a.discs.some((d) => d.tracks.some((t) => t.seconds > 600)))!;
  const folder = (): string => path.join(dir, albumFolder(album.album_id));

  beforeAll(() => {
    dir = tempDir();
    writeDemoAlbumFiles(dir, album);
  });
  afterAll(() => removeDir(dir));

  test('strict layout with layer 2: <l1>/<l2>/<album>/<disc>/<track>.flac and covers', () => {
    const [l1, l2] = albumFolder(album.album_id).split('/');
    expect(l1).toBe(parseInt(album.album_id.slice(0, 2), 16).toString(16));
    expect(l2).toBe(parseInt(album.album_id.slice(2, 4), 16).toString(16));
    expect(fs.existsSync(path.join(folder(), 'cover.jpg'))).toBe(true);
    expect(fs.existsSync(path.join(folder(), '1', 'cover.jpg'))).toBe(true);
    expect(fs.readdirSync(path.join(folder(), '1')).filter((f) => f.endsWith('.flac'))).toHaveLength(
      album.discs[0]!.tracks.length,
    );
  });

  test('STREAMINFO matches each track: 22050 Hz, mono, 16 bit, intended duration', async () => {
    for (const [ti, track] of album.discs[0]!.tracks.entries()) {
      const file = path.join(folder(), '1', `${ti + 1}.flac`);
      const info = readStreamInfo(fs.readFileSync(file));
      expect(info).toMatchObject({
        sampleRate: 22050,
        channels: 1,
        bitsPerSample: 16,
        totalSamples: Math.round(track.seconds * 22050),
      });
      expect(await flacDurationSeconds(file)).toBe(Math.floor(track.seconds));
    }
  });

  test('a short and the long track decode completely: every CRC verifies, samples equal the synthesis', () => {
    for (const ti of [0, album.discs[0]!.tracks.findIndex((t) => t.seconds > 600)]) {
      const decoded = decodeFlac(fs.readFileSync(path.join(folder(), '1', `${ti + 1}.flac`)));
      const expected = synthesize(trackSoundSpec(album, 0, ti));
      expect(decoded.samples.length).toBe(expected.length);
      expect(Buffer.from(decoded.samples.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
      expect(decoded.info.md5).toBe(createHash('md5').update(new Uint8Array(expected.buffer)).digest('hex'));
    }
  });

  test('the long track stays small', () => {
    const long = album.discs[0]!.tracks.findIndex((t) => t.seconds > 600);
    expect(fs.statSync(path.join(folder(), '1', `${long + 1}.flac`)).size).toBeLessThan(3_000_000);
  });

  test('covers are 300x300 JPEGs, different per album and disc', () => {
    const a = decodeJpeg(fs.readFileSync(path.join(folder(), 'cover.jpg')));
    expect([a.width, a.height]).toEqual([300, 300]);
    const b = drawCover({ hue: 10, pattern: 'rings' });
    const c = drawCover({ hue: 200, pattern: 'dots' });
    expect(Buffer.from(b).equals(Buffer.from(c))).toBe(false);
    expect(
      fs.readFileSync(path.join(folder(), 'cover.jpg')).equals(fs.readFileSync(path.join(folder(), '1', 'cover.jpg'))),
    ).toBe(false);
  });
});
