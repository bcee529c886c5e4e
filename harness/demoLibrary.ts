/**
 * The server's demo content (metadata repo and synthesised audio library), generated once and
 * kept under node_modules/.cache, keyed by the generator's own source: the server tests that need
 * the full library and the e2e global setup copy it instead of synthesising it again (~17 s each
 * on a 2-core machine). A change to anything in server/demo/ makes a new key, so a stale library
 * is never reused. No vitest imports: both the vitest global setups and the fixtures use it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDemoContent } from '../server/demo/generate.js';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const GENERATOR_DIR = path.join(REPO_ROOT, 'server', 'demo');
const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'anniv-demo');

/** the generator's inputs: every file of server/demo/, by name and content */
function demoLibraryKey(): string {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(GENERATOR_DIR).sort()) {
    const file = path.join(GENERATOR_DIR, name);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(name).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The folder holding the demo content (meta/ and library/ as a first start writes them), generated
 * when this key has none yet. Written to a folder of its own and renamed when finished, so a run
 * that stops halfway leaves nothing a later run would take for a library.
 */
export async function cachedDemoLibrary(): Promise<string> {
  const ready = path.join(CACHE_DIR, demoLibraryKey());
  if (fs.existsSync(ready)) return ready;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const building = fs.mkdtempSync(path.join(CACHE_DIR, 'building-'));
  try {
    await ensureDemoContent(building);
    fs.renameSync(building, ready);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    // another run finished the same key first: theirs is as good
    if (!fs.existsSync(ready)) throw error;
  }
  // older keys are libraries of a generator that no longer exists
  for (const name of fs.readdirSync(CACHE_DIR)) {
    if (name !== path.basename(ready) && !name.startsWith('building-'))
      fs.rmSync(path.join(CACHE_DIR, name), { recursive: true, force: true });
  }
  return ready;
}

/** Copies the demo content into `dataDir` (a fresh DATA_DIR): what a first start would have written there. */
export function copyDemoLibrary(from: string, dataDir: string): void {
  fs.cpSync(from, dataDir, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
}
