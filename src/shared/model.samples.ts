// Sample model values the machines' path samples (*.samples.ts) and the machine tests share.
// Tooling only.
import type { TrackInfo } from './track';

export const sampleTrack = (id: string): TrackInfo => ({
  albumId: `album-${id}`,
  discId: 1,
  trackId: 1,
  title: `Track ${id}`,
  artist: 'Artist',
  type: 'normal',
  albumTitle: 'Album',
});
