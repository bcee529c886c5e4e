// Sample model values the machines' path samples (*.samples.ts) and the machine tests share.
// Tooling only.
import type { TrackInfo } from './track';
import type { UserInfo } from './types';

/** a signed-in listener, as the session and the account machines' samples answer with */
export const sampleUser: UserInfo = {
  userId: '1',
  email: 'mio@example.com',
  nickname: 'Mio',
  avatar: '',
  twoFactorEnabled: false,
};

export const sampleTrack = (id: string): TrackInfo => ({
  albumId: `album-${id}`,
  discId: 1,
  trackId: 1,
  title: `Track ${id}`,
  artist: 'Artist',
  type: 'normal',
  albumTitle: 'Album',
});
