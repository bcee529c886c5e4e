// What smart playlists read of the libraries' metadata (docs/architecture.md#album-facts): per album its
// title, artist, release date and tags, per track its disc and number, title, artist and tags.
// Kept on the device in blocks (storage/albumFacts.ts) whose texts are joined into one string each:
// a block of a thousand albums is then a handful of strings and typed arrays, which IndexedDB
// stores and reads back as fast as copying memory, and splitting them again is one call per column.
import type { AlbumInfo } from '@/shared/types';

/** between two values of a joined column (metadata never holds it: it is taken out of every value) */
const SEP = '\u0001';
/** between two tags of one album or track */
const TAG_SEP = '\u0002';

/** albums in one block */
export const FACTS_BLOCK_ALBUMS = 1_000;

/** one block as stored */
export interface FactsBlock {
  /** album ids, joined */
  ids: string;
  titles: string;
  artists: string;
  /** album types (normal, instrumental …) */
  types: string;
  /** release dates as YYYYMMDD, months and days 0 when the metadata leaves them out; 0 unknown */
  dates: Int32Array;
  /** tags each album has that none of its discs or tracks has (they hold for every track), joined */
  albumTags: string;
  /** tracks per album */
  trackCounts: Uint16Array;
  discs: Uint16Array;
  numbers: Uint16Array;
  trackTitles: string;
  /** each track's artist, '' where it is the album's */
  trackArtists: string;
  /** each track's type, '' where it is the album's */
  trackTypes: string;
  /** each track's own tags with its disc's, joined */
  trackTags: string;
  /** when the metadata was read (ms) */
  fetchedAt: number;
}

const clean = (text: string) =>
  text.includes(SEP) || text.includes(TAG_SEP) ? text.split(SEP).join(' ').split(TAG_SEP).join(' ') : text;
const joinTags = (tags: readonly string[]) => tags.map(clean).join(TAG_SEP);

/** `2023-04-12` → 20230412, `2023-04` → 20230400, `2023` → 20230000; anything else 0 */
export function dateNumber(date: string): number {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(date);
  if (!match) return 0;
  return Number(match[1]) * 10_000 + Number(match[2] ?? 0) * 100 + Number(match[3] ?? 0);
}

/** the facts of some albums, in the order given */
export function factsBlock(albums: readonly AlbumInfo[], fetchedAt: number): FactsBlock {
  const ids: string[] = [];
  const titles: string[] = [];
  const artists: string[] = [];
  const types: string[] = [];
  const albumTags: string[] = [];
  const trackTitles: string[] = [];
  const trackArtists: string[] = [];
  const trackTypes: string[] = [];
  const trackTags: string[] = [];
  const discs: number[] = [];
  const numbers: number[] = [];
  const dates = new Int32Array(albums.length);
  const trackCounts = new Uint16Array(albums.length);
  albums.forEach((album, a) => {
    ids.push(album.albumId);
    titles.push(clean(album.title));
    artists.push(clean(album.artist));
    types.push(clean(album.type));
    dates[a] = dateNumber(album.date);
    const below = new Set<string>();
    let count = 0;
    album.discs.forEach((disc, d) => {
      for (const tag of disc.tags ?? []) below.add(tag);
      disc.tracks.forEach((track, t) => {
        if (count === 0xffff) return;
        count++;
        discs.push(d + 1);
        numbers.push(t + 1);
        trackTitles.push(clean(track.title));
        const artist = track.artist ?? disc.artist ?? album.artist;
        trackArtists.push(artist === album.artist ? '' : clean(artist));
        const type = track.type ?? disc.type ?? album.type;
        trackTypes.push(type === album.type ? '' : clean(type));
        const tags = new Set([...(track.tags ?? []), ...(disc.tags ?? [])]);
        for (const tag of tags) below.add(tag);
        trackTags.push(joinTags([...tags]));
      });
    });
    trackCounts[a] = count;
    albumTags.push(joinTags(album.tags.filter((tag) => !below.has(tag))));
  });
  return {
    ids: ids.join(SEP),
    titles: titles.join(SEP),
    artists: artists.join(SEP),
    types: types.join(SEP),
    dates,
    albumTags: albumTags.join(SEP),
    trackCounts,
    discs: Uint16Array.from(discs),
    numbers: Uint16Array.from(numbers),
    trackTitles: trackTitles.join(SEP),
    trackArtists: trackArtists.join(SEP),
    trackTypes: trackTypes.join(SEP),
    trackTags: trackTags.join(SEP),
    fetchedAt,
  };
}

/** the album ids of a block */
export const blockAlbumIds = (block: FactsBlock): string[] => (block.ids === '' ? [] : block.ids.split(SEP));

const isTyped = (value: unknown, type: typeof Int32Array | typeof Uint16Array) => value instanceof type;

/** a block read from IndexedDB, or null when it is damaged (its albums are then read again) */
export function readFactsBlock(value: unknown): FactsBlock | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const strings = [
    'ids',
    'titles',
    'artists',
    'types',
    'albumTags',
    'trackTitles',
    'trackArtists',
    'trackTypes',
    'trackTags',
  ] as const;
  if (!strings.every((key) => typeof v[key] === 'string')) return null;
  if (!isTyped(v.dates, Int32Array) || !isTyped(v.trackCounts, Uint16Array)) return null;
  if (!isTyped(v.discs, Uint16Array) || !isTyped(v.numbers, Uint16Array)) return null;
  if (typeof v.fetchedAt !== 'number') return null;
  const block = v as unknown as FactsBlock;
  const albums = blockAlbumIds(block).length;
  const tracks = block.trackCounts.reduce((sum, n) => sum + n, 0);
  const columns = (text: string) => (albums === 0 ? 0 : text.split(SEP).length);
  const trackColumns = (text: string) => (tracks === 0 ? (text === '' ? 0 : -1) : text.split(SEP).length);
  if (block.dates.length !== albums || block.trackCounts.length !== albums) return null;
  if ([block.titles, block.artists, block.types, block.albumTags].some((text) => columns(text) !== albums)) return null;
  if (block.discs.length !== tracks || block.numbers.length !== tracks) return null;
  if (
    [block.trackTitles, block.trackArtists, block.trackTypes, block.trackTags].some(
      (text) => trackColumns(text) !== tracks,
    )
  )
    return null;
  return block;
}

/**
 * Every block's albums and tracks side by side, as smart playlists read them: texts split once
 * (with lower-case copies for comparing), tags as numbers. Albums are numbered in block order,
 * tracks by album, then disc and number; an album in two blocks counts once (the later block's).
 */
export interface TrackTable {
  albumIds: string[];
  albumIndex: Map<string, number>;
  albumTitles: string[];
  albumTitlesLower: string[];
  albumArtists: string[];
  dates: Int32Array;
  /** album a's tracks are firstTrack[a] … firstTrack[a + 1] - 1 */
  firstTrack: Int32Array;
  trackAlbum: Int32Array;
  discs: Uint16Array;
  numbers: Uint16Array;
  titles: string[];
  titlesLower: string[];
  /** each track's artist, resolved (the album's where the metadata names none) */
  artists: string[];
  artistsLower: string[];
  /** each track's type, resolved */
  types: string[];
  albumTitlesLowerFor: (track: number) => string;
  /** tag names by number */
  tagNames: string[];
  tagIndex: Map<string, number>;
  /** tag numbers of each track (its own, its disc's and the album's that hold for all) */
  trackTagStart: Int32Array;
  trackTagList: Int32Array;
}

export function trackTable(blocks: readonly FactsBlock[]): TrackTable {
  // the last block that holds an album wins
  const owner = new Map<string, [number, number]>();
  const split = blocks.map((block, b) => {
    const ids = blockAlbumIds(block);
    ids.forEach((id, a) => {
      owner.set(id, [b, a]);
    });
    return ids;
  });
  const albumIds: string[] = [];
  const albumTitles: string[] = [];
  const albumArtists: string[] = [];
  const titles: string[] = [];
  const artists: string[] = [];
  const types: string[] = [];
  const dateList: number[] = [];
  const firstTrackList: number[] = [0];
  const trackAlbumList: number[] = [];
  const discList: number[] = [];
  const numberList: number[] = [];
  const tagNames: string[] = [];
  const tagIndex = new Map<string, number>();
  const tagStart: number[] = [0];
  const tagList: number[] = [];
  const tagNumber = (tag: string) => {
    let n = tagIndex.get(tag);
    if (n === undefined) {
      n = tagNames.length;
      tagNames.push(tag);
      tagIndex.set(tag, n);
    }
    return n;
  };
  const tagsOf = (joined: string) => (joined === '' ? [] : joined.split(TAG_SEP).map(tagNumber));

  blocks.forEach((block, b) => {
    const ids = split[b]!;
    const blockTitles = block.titles.split(SEP);
    const blockArtists = block.artists.split(SEP);
    const blockTypes = block.types.split(SEP);
    const blockAlbumTags = block.albumTags.split(SEP);
    const blockTrackTitles = block.trackTitles.split(SEP);
    const blockTrackArtists = block.trackArtists.split(SEP);
    const blockTrackTypes = block.trackTypes.split(SEP);
    const blockTrackTags = block.trackTags.split(SEP);
    let t0 = 0;
    ids.forEach((id, a) => {
      const count = block.trackCounts[a]!;
      const [ownerBlock, ownerIndex] = owner.get(id)!;
      if (ownerBlock !== b || ownerIndex !== a) {
        t0 += count;
        return;
      }
      const album = albumIds.length;
      albumIds.push(id);
      albumTitles.push(blockTitles[a]!);
      const albumArtist = blockArtists[a]!;
      albumArtists.push(albumArtist);
      dateList.push(block.dates[a]!);
      const shared = tagsOf(blockAlbumTags[a]!);
      for (let t = t0; t < t0 + count; t++) {
        trackAlbumList.push(album);
        discList.push(block.discs[t]!);
        numberList.push(block.numbers[t]!);
        titles.push(blockTrackTitles[t]!);
        artists.push(blockTrackArtists[t] || albumArtist);
        types.push(blockTrackTypes[t] || blockTypes[a]!);
        for (const tag of shared) tagList.push(tag);
        for (const tag of tagsOf(blockTrackTags[t]!)) if (!shared.includes(tag)) tagList.push(tag);
        tagStart.push(tagList.length);
      }
      t0 += count;
      firstTrackList.push(trackAlbumList.length);
    });
  });

  const lower = (texts: string[]) => texts.map((text) => text.toLowerCase());
  const albumTitlesLower = lower(albumTitles);
  const trackAlbum = Int32Array.from(trackAlbumList);
  return {
    albumIds,
    albumIndex: new Map(albumIds.map((id, a) => [id, a])),
    albumTitles,
    albumTitlesLower,
    albumArtists,
    dates: Int32Array.from(dateList),
    firstTrack: Int32Array.from(firstTrackList),
    trackAlbum,
    discs: Uint16Array.from(discList),
    numbers: Uint16Array.from(numberList),
    titles,
    titlesLower: lower(titles),
    artists,
    artistsLower: lower(artists),
    types,
    albumTitlesLowerFor: (track) => albumTitlesLower[trackAlbum[track]!]!,
    tagNames,
    tagIndex,
    trackTagStart: Int32Array.from(tagStart),
    trackTagList: Int32Array.from(tagList),
  };
}

/** the table's number of a track, or -1 when the table does not hold it */
export function trackNumberIn(table: TrackTable, albumId: string, disc: number, track: number): number {
  const album = table.albumIndex.get(albumId);
  if (album === undefined) return -1;
  for (let t = table.firstTrack[album]!; t < table.firstTrack[album + 1]!; t++)
    if (table.discs[t] === disc && table.numbers[t] === track) return t;
  return -1;
}
