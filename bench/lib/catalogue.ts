/**
 * A synthetic metadata catalogue for benchmarks of big libraries: `count` albums of one disc and
 * ten tracks each, titles and artists mixing Chinese and Latin text as real collections do, served
 * from memory by the reference server (ServerOptions.meta) instead of a metadata repository.
 */
import { randomUUID } from 'node:crypto';
import type { MetaRepo } from '../../server/meta/load';
import { TagRegistry } from '../../server/meta/tags';
import type { AlbumDetails } from '../../server/meta/types';

const WORDS = ['夜航', '港灯', '潮汐', 'Night', 'Harbour', '星海', 'Echo', '黄昏', 'Spring', '雨声'];
const ARTISTS = ['月白', 'Aoi', '青鸟乐团', 'The Lanterns', '小林', 'Mika'];
const TRACKS_PER_ALBUM = 10;

function syntheticAlbum(albumId: string, n: number): AlbumDetails {
  const word = (k: number) => WORDS[(n + k) % WORDS.length]!;
  const artist = ARTISTS[n % ARTISTS.length]!;
  return {
    album_id: albumId,
    title: `${word(0)}${word(3)} ${n}`,
    catalog: `BENCH-${n}`,
    artist,
    date: '2024-01-01',
    type: 'normal',
    tags: [],
    discs: [
      {
        catalog: `BENCH-${n}`,
        artist,
        type: 'normal',
        tracks: Array.from({ length: TRACKS_PER_ALBUM }, (_, t) => ({
          title: `${word(t)} ${t + 1}`,
          artist,
          type: 'normal',
        })),
      },
    ],
  };
}

export interface Catalogue {
  /** the album ids in the library's order */
  ids: string[];
  meta: MetaRepo;
}

export function syntheticCatalogue(count: number): Catalogue {
  return catalogueOf(Array.from({ length: count }, () => randomUUID()));
}

/** the synthetic albums of `ids`: the same catalogue again, in another process (a bench's server) */
export function catalogueOf(ids: string[]): Catalogue {
  const albums = new Map(ids.map((id, n) => [id, syntheticAlbum(id, n)]));
  return { ids, meta: { albums, tags: new TagRegistry(), lyrics: new Map() } };
}
