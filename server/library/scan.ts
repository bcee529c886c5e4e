import fs from 'node:fs';
import path from 'node:path';

/*
 * annil's strict layout (docs/protocol.md#files-on-disk): album folders named by UUID exactly `layer` directory
 * levels below the root; discs are numbered folders; a track is the first file named
 * "<track_id>.<ext>"; covers are files starting with "cover.jpg".
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface LibraryIndex {
  /** album id (lower case) → album folder */
  albums: Map<string, string>;
  /** Quoted base64 of the XOR of all album UUIDs as 128-bit numbers. */
  etag: string;
}

function dirs(p: string): string[] {
  try {
    return fs
      .readdirSync(p, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

export function albumsEtag(ids: Iterable<string>): string {
  const acc = Buffer.alloc(16);
  for (const id of ids) {
    const bytes = Buffer.from(id.replace(/-/g, ''), 'hex');
    for (let i = 0; i < 16; i++) acc[i]! ^= bytes[i]!;
  }
  return `"${acc.toString('base64')}"`;
}

export function scanLibrary(root: string, layer = 2): LibraryIndex {
  const albums = new Map<string, string>();
  const walk = (dir: string, depth: number): void => {
    for (const name of dirs(dir)) {
      const full = path.join(dir, name);
      if (depth === layer) {
        if (UUID.test(name)) albums.set(name.toLowerCase(), full);
      } else {
        walk(full, depth + 1);
      }
    }
  };
  walk(root, 0);
  return { albums, etag: albumsEtag(albums.keys()) };
}

/** First file in `dir` whose name starts with `prefix`, in name order; null when none. */
export async function findFile(dir: string, prefix: string): Promise<string | null> {
  try {
    const names = (await fs.promises.readdir(dir)).filter((n) => n.startsWith(prefix)).sort();
    for (const n of names) {
      const full = path.join(dir, n);
      if ((await fs.promises.stat(full)).isFile()) return full;
    }
  } catch {
    // missing folder
  }
  return null;
}

/** Duration in whole seconds from a FLAC STREAMINFO block, or null if the file is not FLAC. */
export async function flacDurationSeconds(file: string): Promise<number | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    return await flacDurationOf(handle);
  } finally {
    await handle.close();
  }
}

/** As flacDurationSeconds, on a file already open (the handle stays open). */
export async function flacDurationOf(handle: fs.promises.FileHandle): Promise<number | null> {
  const head = Buffer.alloc(42);
  const { bytesRead } = await handle.read(head, 0, 42, 0);
  if (bytesRead < 42 || head.toString('latin1', 0, 4) !== 'fLaC' || (head[4]! & 0x7f) !== 0) return null;
  // STREAMINFO starts at byte 8: sample rate = 20 bits at bit offset 80, total samples = 36 bits at 108
  const sampleRate = (head[18]! << 12) | (head[19]! << 4) | (head[20]! >> 4);
  const totalSamples = (head[21]! & 0x0f) * 2 ** 32 + head.readUInt32BE(22);
  if (sampleRate === 0) return null;
  return Math.floor(Math.floor((totalSamples * 1000) / sampleRate) / 1000);
}
