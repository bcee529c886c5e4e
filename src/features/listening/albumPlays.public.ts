// The album page's play counts (docs/behaviour.md#listening-statistics), for that lazy page alone:
// kept out of index.ts so the first page does not carry it.
import { useEffect, useState } from 'react';
import { useListening } from './context';

/**
 * The listener's plays of each track of an album (trackKey → count), null until known: one request
 * for the page; nothing shows when it cannot be read.
 */
export function useAlbumPlays(albumId: string): Map<string, number> | null {
  const listening = useListening();
  const [plays, setPlays] = useState<{ albumId: string; counts: Map<string, number> } | null>(null);
  useEffect(() => {
    if (!listening) return;
    let current = true;
    listening.albumPlays(albumId).then(
      (counts) => current && setPlays({ albumId, counts }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [listening, albumId]);
  return plays?.albumId === albumId ? plays.counts : null;
}
