// An album wall as a page loads it (PageLoad): a spinner while loading, the wall, or why it failed.
import type { AlbumInfo } from '@/shared/types';
import { AlbumWall } from './AlbumWall';
import { Notice } from './Notice';
import type { LoadState } from '@/shared/types';
import { PageSpinner } from './PageSpinner';

export interface LoadedAlbums {
  albums: readonly AlbumInfo[];
  /** album id → its cover through the library that serves it; null when none holds it */
  covers: Readonly<Record<string, string | null>>;
}

export function LoadedAlbumWall({ state }: { state: LoadState<LoadedAlbums> }) {
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failure') return <Notice message={state.error} color="red" />;
  const { albums, covers } = state.data;
  return <AlbumWall albums={albums} coverUrlOf={(id) => covers[id] ?? null} />;
}
