// A library's album ids on their way from `/albums` to the worker that stores them: a few
// newline-joined pieces (album ids never hold a newline), not one string per id. Held as 1,000,000
// separate strings on the page's thread, a big library's list cost 136 MB of heap and GC pauses
// of 100 ms and more; as pieces it is one copy of the text, and crossing to the worker copies a
// few strings. Only the worker splits it.

export interface PackedAlbumIds {
  /** how many ids the pieces hold */
  readonly count: number;
  readonly pieces: readonly string[];
}

// ids a piece holds when a list is packed at once (the parser packs as the text arrives)
const IDS_PER_PIECE = 50_000;

export function packAlbumIds(ids: readonly string[]): PackedAlbumIds {
  const pieces: string[] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_PIECE) pieces.push(ids.slice(at, at + IDS_PER_PIECE).join('\n'));
  return { count: ids.length, pieces };
}

export const unpackAlbumIds = (packed: PackedAlbumIds): string[] => packed.pieces.flatMap((piece) => piece.split('\n'));
