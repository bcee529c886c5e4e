/**
 * The reference server of `npm run bench -- home` (harness/serverProcess.ts spawns it as its
 * `entry`): server/main.ts's server with the demo's metadata and, beside it, the synthetic albums
 * whose ids the bench wrote to the file named by HOME_BENCH_ALBUMS (bench/lib/catalogue.ts), so
 * `/api/meta/album` answers for the big library's albums as for the demo's.
 */
import { readFileSync } from 'node:fs';
import { demoPaths } from '../../server/demo/generate';
import { createServer, loadConfig } from '../../server/index';
import { loadMetaRepo } from '../../server/meta/load';
import { catalogueOf } from '../lib/catalogue';

const config = loadConfig(process.env);
const ids = JSON.parse(readFileSync(process.env.HOME_BENCH_ALBUMS ?? '', 'utf8')) as string[];
const demo = loadMetaRepo(demoPaths(config.dataDir).metaDir, () => {});
const { meta } = catalogueOf(ids);
for (const [id, album] of demo.albums) meta.albums.set(id, album);
const server = await createServer(config, { meta: { ...meta, tags: demo.tags, lyrics: demo.lyrics }, log: () => {} });
await server.start();
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
