import fs from 'node:fs';
import path from 'node:path';
import { findFile, flacDurationOf } from './scan.js';

/*
 * The audio route's file look-ups, remembered. Without them every ranged request listed the disc
 * folder, stat-ed three times and opened the file twice (once for the FLAC header): about ten
 * trips through libuv's thread pool for 64 KiB, each queued behind everything else the server was
 * doing. Now a request is one open, one fstat, one read and one close. annil too keeps its index
 * in memory. A file replaced on disk is noticed by its size and mtime (the duration is read again);
 * a removed one by the failed open (its name is looked up again).
 */

export interface OpenTrack {
  /** Open for reading; the caller closes it (or hands it to a stream that does). */
  handle: fs.promises.FileHandle;
  /** the track's file (a transcoder reads it by name) */
  file: string;
  size: number;
  /** `audio/<extension>` */
  type: string;
  /** Whole seconds (FLAC only), else null. */
  duration: number | null;
}

interface KnownDuration {
  size: number;
  mtimeMs: number;
  duration: number | null;
}

/** A Map that forgets its oldest entry past `max` entries. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
}

async function openIfThere(file: string): Promise<fs.promises.FileHandle | null> {
  try {
    return await fs.promises.open(file, 'r');
  } catch {
    return null;
  }
}

export class TrackFiles {
  /** `<disc folder>/<track id>` → the track's file */
  private readonly names = new Map<string, string>();
  private readonly durations = new Map<string, KnownDuration>();

  constructor(private readonly maxEntries = 20_000) {}

  /** Opens track `track` of the disc folder; null when it has no such file. */
  async open(discDir: string, track: number): Promise<OpenTrack | null> {
    const key = `${discDir}${path.sep}${track}`;
    let file = this.names.get(key);
    let handle = file === undefined ? null : await openIfThere(file);
    if (!handle) {
      this.names.delete(key);
      file = (await findFile(discDir, `${track}.`)) ?? undefined;
      if (file === undefined) return null;
      handle = await openIfThere(file);
      if (!handle) return null;
      remember(this.names, key, file, this.maxEntries);
    }
    try {
      const { size, mtimeMs } = await handle.stat();
      let known = this.durations.get(file!);
      if (!known || known.size !== size || known.mtimeMs !== mtimeMs) {
        known = { size, mtimeMs, duration: await flacDurationOf(handle) };
        remember(this.durations, file!, known, this.maxEntries);
      }
      return {
        handle,
        file: file!,
        size,
        type: `audio/${path.extname(file!).slice(1).toLowerCase()}`,
        duration: known.duration,
      };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}
