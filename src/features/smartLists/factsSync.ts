// Keeping the album facts in step with the libraries (docs/architecture.md#album-facts): the albums
// the libraries hold that no block has yet are read from the site (`/api/meta/album`, a hundred
// per request, a few requests at a time) and kept in new blocks; blocks older than
// ALBUM_FACTS_MAX_AGE_MS are read again and replaced; a block whose albums the libraries mostly no
// longer hold is rewritten without them. An album the site does not know is kept with no tracks, so
// it is not asked for again until its block is old.
import { blockAlbumIds, factsBlock, FACTS_BLOCK_ALBUMS } from '@/rules/albumFacts';
import { ALBUM_FACTS_MAX_AGE_MS } from '@/shared/constants';
import type { AlbumInfo } from '@/shared/types';
import { changeFactsBlocks, readFactsBlocks } from '@/storage/smartLists';

/** reads albums from the site; unknown ids are left out of the map */
export type FetchAlbums = (ids: readonly string[]) => Promise<Map<string, AlbumInfo>>;

/** albums per request, and requests at once */
const PER_REQUEST = 100;
const AT_ONCE = 4;

export interface FactsSyncSummary {
  /** albums read from the site in this sync */
  fetched: number;
  /** albums the facts hold for the libraries */
  albums: number;
}

const unknownAlbum = (albumId: string): AlbumInfo => ({
  albumId,
  title: '',
  catalog: '',
  artist: '',
  date: '',
  type: 'normal',
  tags: [],
  discs: [],
});

/** reads `ids` from the site, in order, a few requests at a time */
async function readAlbums(fetchAlbums: FetchAlbums, ids: readonly string[]): Promise<AlbumInfo[]> {
  const requests: string[][] = [];
  for (let i = 0; i < ids.length; i += PER_REQUEST) requests.push(ids.slice(i, i + PER_REQUEST));
  const answers: Map<string, AlbumInfo>[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const n = next++;
      answers[n] = await fetchAlbums(requests[n]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, requests.length) }, worker));
  return requests.flatMap((batch, n) => batch.map((id) => answers[n]!.get(id) ?? unknownAlbum(id)));
}

/**
 * Brings the facts in step with `available` (every album the libraries hold). Writes each new block
 * as soon as it is read, so a sync cut off (a reload, the site gone) keeps what it got.
 */
export async function syncAlbumFacts(
  available: ReadonlySet<string>,
  fetchAlbums: FetchAlbums,
  now = Date.now(),
): Promise<FactsSyncSummary> {
  const kept = await readFactsBlocks();
  const have = new Set<string>();
  const stale: { key: number; ids: string[] }[] = [];
  for (const { key, block } of kept) {
    const ids = blockAlbumIds(block).filter((id) => available.has(id));
    const old = now - block.fetchedAt > ALBUM_FACTS_MAX_AGE_MS;
    // mostly gone, or old: read again what the libraries still hold
    if (old || ids.length * 2 < blockAlbumIds(block).length) stale.push({ key, ids });
    else for (const id of ids) have.add(id);
  }
  const missing = [...available].filter((id) => !have.has(id));
  // stale blocks first give their ids back to `missing`, then go once their albums are kept anew
  let fetched = 0;
  let pendingRemovals = stale.map((entry) => entry.key);
  for (let i = 0; i < missing.length; i += FACTS_BLOCK_ALBUMS) {
    const ids = missing.slice(i, i + FACTS_BLOCK_ALBUMS);
    const albums = await readAlbums(fetchAlbums, ids);
    fetched += ids.length;
    const last = i + FACTS_BLOCK_ALBUMS >= missing.length;
    await changeFactsBlocks([factsBlock(albums, now)], last ? pendingRemovals : []);
    if (last) pendingRemovals = [];
  }
  if (pendingRemovals.length > 0) await changeFactsBlocks([], pendingRemovals);
  return { fetched, albums: available.size };
}
