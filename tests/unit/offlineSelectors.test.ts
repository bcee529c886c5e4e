// What the album wall asks of what is kept: the count of an album's kept tracks, read from the
// keeping actor's track keys (album ids hold dashes; the disc and track numbers never do).
import { describe, expect, it } from 'vitest';
import { keptInAlbum } from '@/features/offline/viewSelectors';
import { trackKey } from '@/shared/track';

const snapshot = (kept: string[]) => ({ context: { kept } as never, hasTag: () => false });
const A = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c01';
const B = '3f8a2c1e-7b4d-4e9a-8c2f-1d5e6b7a9c0';

describe('keptInAlbum', () => {
  it('counts the kept tracks of each album, an album id that is the start of another included', () => {
    const kept = [
      trackKey({ albumId: A, discId: 1, trackId: 1 }),
      trackKey({ albumId: A, discId: 2, trackId: 11 }),
      trackKey({ albumId: B, discId: 1, trackId: 1 }),
    ];
    expect(keptInAlbum(A)(snapshot(kept) as never)).toBe(2);
    expect(keptInAlbum(B)(snapshot(kept) as never)).toBe(1);
    expect(keptInAlbum('other')(snapshot(kept) as never)).toBe(0);
  });
});
