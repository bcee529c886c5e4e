import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text file of the
 * build, once, so the server sends compressed bytes without compressing per request (server/static.ts
 * picks by Accept-Encoding). Node's zlib does both codings; no plugin needed for a dozen lines.
 * A copy that would not be smaller is not written. Small files are compressed too: a page's own
 * chunk can be under 1 KiB (the two-step code field, shared by the sign-in and user pages) and
 * still be fetched on the first page, where brotli saves it about half.
 */

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out;
}

export async function compressDir(dir: string): Promise<number> {
  let written = 0;
  const files = (await filesUnder(dir)).filter((f) => TEXT.test(f) && !f.includes(`${join(dir, '.vite')}`));
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      for (const [suffix, copy] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (copy.byteLength >= body.byteLength) continue;
        await writeFile(`${file}${suffix}`, copy);
        written += 1;
      }
    }),
  );
  return written;
}

/** The Vite plugin: compresses the output folder after the build wrote it. */
export function compressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'anniv:compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      await compressDir(outDir);
    },
  };
}
