import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_ALBUMS, DEMO_TAG_FILES, albumFolder, type DemoAlbum, type DemoTrack } from './catalog.js';
import { COVER_PATTERNS, drawCover } from './cover.js';
import { encodeFlac } from './flac.js';
import { SAMPLE_RATE, synthesize, type SoundSpec } from './synth.js';
import { albumToml, repoToml, tagsToml } from './toml.js';
import { writeDemoLyrics } from './lyrics.js';

const DEMO_REPO_NAME = 'Anniv 演示元数据';

/*
 * First-start demo content in DATA_DIR: an anni metadata repo in meta/ and an annil strict-layout
 * library in library/. Idempotent: each part is written only when its completion marker is
 * missing (meta/repo.toml is written last; library/.anniv-demo marks a finished library), so a
 * user's own meta repo or library is never overwritten.
 */

const DEMO_LIBRARY_MARKER = '.anniv-demo';
const TRANSPOSE = [0, 2, -3, 5, -2, 3, -5, 1, 4, -1, -4, 6];

/** How a demo track sounds; exported so tests can check the file against the intent. */
export function trackSoundSpec(album: DemoAlbum, discIndex: number, trackIndex: number): SoundSpec {
  const albumIndex = DEMO_ALBUMS.indexOf(album);
  const disc = album.discs[discIndex]!;
  const track = disc.tracks[trackIndex]!;
  const type = track.type ?? disc.type ?? album.type;
  const seed = (albumIndex + 1) * 1000 + (discIndex + 1) * 100 + trackIndex + 1;
  const s = album.style;
  if (track.kind === 'tone')
    return {
      ...toneSpec(disc.tracks, trackIndex, s.root),
      seed,
      seconds: track.seconds,
      timbre: s.timbre,
      scale: s.scale,
      bpm: s.bpm,
      bass: false,
      pulse: false,
    };
  return {
    seed,
    seconds: track.seconds,
    kind: track.kind ?? (type === 'drama' || type === 'radio' ? 'speech' : 'melody'),
    timbre: s.timbre,
    root: s.root + TRANSPOSE[(trackIndex + discIndex * 5) % TRANSPOSE.length]!,
    scale: s.scale,
    bpm: s.bpm + ((seed * 7) % 21) - 10,
    bass: s.bass,
    pulse: s.pulse && trackIndex % 3 !== 2,
    ...(s.levelDb !== undefined && { levelDb: s.levelDb }),
  };
}

/** a `tone` track: the chord of the run of tracks it continues (same root), from where the run is at */
function toneSpec(
  tracks: readonly DemoTrack[],
  trackIndex: number,
  root: number,
): Pick<SoundSpec, 'kind' | 'root' | 'span'> {
  let first = trackIndex;
  while (first > 0 && tracks[first]!.continues) first--;
  const from = tracks.slice(first, trackIndex).reduce((sum, t) => sum + t.seconds, 0);
  return {
    kind: 'tone',
    root: root + TRANSPOSE[first % TRANSPOSE.length]!,
    span: { from, fadeIn: first === trackIndex, fadeOut: !tracks[trackIndex + 1]?.continues },
  };
}

export function writeDemoMeta(metaDir: string): void {
  fs.mkdirSync(path.join(metaDir, 'album'), { recursive: true });
  fs.mkdirSync(path.join(metaDir, 'tag'), { recursive: true });
  for (const [file, tags] of Object.entries(DEMO_TAG_FILES)) {
    fs.writeFileSync(path.join(metaDir, 'tag', file), tagsToml(tags));
  }
  for (const album of DEMO_ALBUMS) {
    fs.writeFileSync(path.join(metaDir, 'album', `${album.catalog}.toml`), albumToml(album));
  }
  writeDemoLyrics(metaDir);
  fs.writeFileSync(path.join(metaDir, 'repo.toml'), repoToml(DEMO_REPO_NAME));
}

export function writeDemoAlbumFiles(libraryDir: string, album: DemoAlbum): void {
  const dir = path.join(libraryDir, albumFolder(album.album_id));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'cover.jpg'), drawCover(album.cover));
  album.discs.forEach((disc, d) => {
    const discDir = path.join(dir, String(d + 1));
    fs.mkdirSync(discDir, { recursive: true });
    // disc covers: same family as the album cover, shifted hue and another pattern per disc
    const pattern = COVER_PATTERNS[(COVER_PATTERNS.indexOf(album.cover.pattern) + d + 1) % COVER_PATTERNS.length]!;
    fs.writeFileSync(path.join(discDir, 'cover.jpg'), drawCover({ hue: album.cover.hue + (d + 1) * 35, pattern }));
    disc.tracks.forEach((_, t) => {
      const pcm = synthesize(trackSoundSpec(album, d, t));
      fs.writeFileSync(path.join(discDir, `${t + 1}.flac`), encodeFlac(pcm, SAMPLE_RATE));
    });
  });
}

export interface DemoPaths {
  metaDir: string;
  libraryDir: string;
}

export const demoPaths = (dataDir: string): DemoPaths => ({
  metaDir: path.join(dataDir, 'meta'),
  libraryDir: path.join(dataDir, 'library'),
});

/** Splits album indices into n groups of similar total duration (longest first, greedy). */
function balance(n: number): number[][] {
  const cost = (a: DemoAlbum): number =>
    a.discs.reduce(
      (sum, d) => sum + d.tracks.reduce((s, t) => s + (t.kind === 'chimes' ? t.seconds / 4 : t.seconds), 0),
      0,
    );
  const order = DEMO_ALBUMS.map((a, i) => ({ i, c: cost(a) })).sort((x, y) => y.c - x.c);
  const bins = Array.from({ length: n }, () => ({ items: [] as number[], c: 0 }));
  for (const { i, c } of order) {
    const bin = bins.reduce((best, b) => (b.c < best.c ? b : best));
    bin.items.push(i);
    bin.c += c;
  }
  return bins.map((b) => b.items).filter((items) => items.length > 0);
}

/** Runs worker.ts in a child process (with the tsx loader) for some albums; resolves with the finished ones. */
function runWorker(libraryDir: string, indices: number[], onDone: (i: number) => void): Promise<Set<number>> {
  const done = new Set<number>();
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const script = fileURLToPath(new URL('./worker.ts', import.meta.url));
      child = fork(script, [libraryDir, ...indices.map(String)], {
        execArgv: ['--import', loader],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
    } catch {
      resolve(done);
      return;
    }
    child.on('message', (m: unknown) => {
      const i = (m as { done?: unknown }).done;
      if (typeof i === 'number') {
        done.add(i);
        onDone(i);
      }
    });
    child.on('error', () => resolve(done));
    child.on('exit', () => resolve(done));
  });
}

/**
 * Creates whatever part of the demo content is missing. Audio is generated in parallel child
 * processes when there are several cores; anything they did not finish is done in-process.
 */
export async function ensureDemoContent(dataDir: string, log: (line: string) => void = () => {}): Promise<void> {
  const { metaDir, libraryDir } = demoPaths(dataDir);
  if (!fs.existsSync(path.join(metaDir, 'repo.toml'))) {
    log(`writing demo metadata to ${metaDir}`);
    writeDemoMeta(metaDir);
  } else if (
    !fs.existsSync(path.join(metaDir, 'lyric')) &&
    fs.readFileSync(path.join(metaDir, 'repo.toml'), 'utf8').includes(DEMO_REPO_NAME)
  ) {
    // demo metadata written before the demo had lyrics
    writeDemoLyrics(metaDir);
  }
  const marker = path.join(libraryDir, DEMO_LIBRARY_MARKER);
  if (fs.existsSync(marker)) return;
  const partial = path.join(libraryDir, `${DEMO_LIBRARY_MARKER}-partial`);
  if (fs.existsSync(libraryDir) && fs.readdirSync(libraryDir).length > 0 && !fs.existsSync(partial)) {
    // An existing library without our marker belongs to the user: leave it alone.
    log(`library folder ${libraryDir} is not empty; not generating demo audio`);
    return;
  }
  const started = Date.now();
  log(`generating demo audio library in ${libraryDir} (first start only)`);
  fs.mkdirSync(libraryDir, { recursive: true });
  fs.writeFileSync(partial, 'generation started; an interrupted run is redone on the next start\n');
  let count = 0;
  const report = (i: number): void => log(`  [${++count}/${DEMO_ALBUMS.length}] ${DEMO_ALBUMS[i]!.title}`);
  const workers = Math.min(os.availableParallelism(), 4);
  const finished = new Set<number>();
  if (workers > 1) {
    const results = await Promise.all(balance(workers).map((group) => runWorker(libraryDir, group, report)));
    for (const r of results) for (const i of r) finished.add(i);
  }
  DEMO_ALBUMS.forEach((album, i) => {
    if (finished.has(i)) return;
    writeDemoAlbumFiles(libraryDir, album);
    report(i);
  });
  fs.writeFileSync(marker, `anniv demo library, generated ${new Date().toISOString()}\n`);
  fs.rmSync(partial);
  log(`demo library ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
