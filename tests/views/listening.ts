// What the listening pages' view tests share: two albums on a fake Anniv, a listener signed in
// whose library holds the albums it is given, and plays as the fake stores them.
import { screen } from '@testing-library/react';
import { text } from '@/shared/text';
import { createFakeAnniv, type WireAlbum } from './fakeAnniv';
import { renderApp } from './renderApp';

export const A = 'aaaaaaaa-0000-4000-8000-000000000001';
export const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const HOME = 'https://home.example';

const albumA: WireAlbum = {
  album_id: A,
  title: 'Harbor Lights',
  catalog: 'DEMO-1',
  artist: 'Mio',
  date: '2023-04-12',
  type: 'normal',
  tags: ['genre:jazz'],
  discs: [{ catalog: 'DEMO-1', tracks: [{ title: 'Opening' }, { title: 'Night Ferry', artist: 'Mio、Aya' }] }],
};
const albumB: WireAlbum = {
  album_id: B,
  title: 'Sea Harp',
  catalog: 'DEMO-3',
  artist: 'Aya',
  date: '2022-01-01',
  type: 'normal',
  tags: [],
  discs: [{ catalog: 'DEMO-3', tracks: [{ title: 'Waves' }] }],
};

export type FakeAnniv = ReturnType<typeof createFakeAnniv>;

/** a play of the fake's first user, as POST /api/stat stores it */
export const play = (album: string, track: number, at: number) => ({
  userId: '1',
  track: { album_id: album, disc_id: 1, track_id: track },
  at,
});

/** `path` opened signed in, both albums' metadata known, the library holding `inLibrary`, synced */
export async function openSignedIn(path: string, setup: (server: FakeAnniv) => void, inLibrary = [A, B]) {
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  server.libraries.set(HOME, { lastUpdate: 10, albums: inLibrary });
  server.addCredential({ name: 'Home', url: HOME });
  server.albums.set(A, albumA);
  server.albums.set(B, albumB);
  setup(server);
  const app = renderApp(path, server);
  await screen.findByRole('link', { name: 'Mio' }, { timeout: 5000 });
  // a fresh device: every album of the library is new to it, and the toast counts them
  await screen.findByText(text.library.syncSucceeded(inLibrary.length), {}, { timeout: 5000 });
  return { ...app, server };
}
