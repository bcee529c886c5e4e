// Track identity: the one function that builds the track key albumId-discId-trackId (spec 3).

export interface TrackIdentity {
  albumId: string;
  discId: number;
  trackId: number;
}

export function trackKey(track: TrackIdentity): string {
  return `${track.albumId}-${track.discId}-${track.trackId}`;
}
