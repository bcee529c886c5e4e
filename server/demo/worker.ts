import { DEMO_ALBUMS } from './catalog.js';
import { writeDemoAlbumFiles } from './generate.js';

/*
 * Child process of ensureDemoContent: generates the audio and covers of some demo albums so
 * first-start generation uses every core. argv: <libraryDir> <album index>…; reports each
 * finished album index to the parent.
 */
const [libraryDir, ...indices] = process.argv.slice(2);
if (!libraryDir) throw new Error('usage: worker.ts <libraryDir> <album index>…');
for (const i of indices.map(Number)) {
  const album = DEMO_ALBUMS[i];
  if (!album) throw new Error(`no demo album #${i}`);
  writeDemoAlbumFiles(libraryDir, album);
  process.send?.({ done: i });
}
