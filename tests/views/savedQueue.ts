// A queue item as the app saves it (localStorage `playlist`), of one album of the fake server: the
// views tests of the player bar and its controls start from a saved queue of these.
export const QUEUE_ALBUM = 'aaaaaaaa-0000-4000-8000-000000000001';

export const savedTrack = (trackId: number, title: string, artist = 'Mio') => ({
  albumId: QUEUE_ALBUM,
  discId: 1,
  trackId,
  title,
  artist,
  type: 'normal',
  albumTitle: 'Harbor Lights',
});
