// Sample model values the machines' path samples (*.samples.ts) share. Tooling only.

export const sampleTrack = (id: string) => ({
  albumId: `album-${id}`,
  discId: 1,
  trackId: 1,
  title: `Track ${id}`,
  artist: 'Artist',
  type: 'normal',
  albumTitle: 'Album',
});
