// Renders the playlists' dialogs once any is open; their code (Modal, forms) loads only then, out
// of the first page, as the store's does (nothing renders until the app has created it). Once
// shown they stay mounted, so a closing dialog can animate out.
import { lazy, Suspense, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { usePlaylistsLoaded } from '../context';
import type { PlaylistsFeature } from '../start';

const PlaylistDialogs = lazy(() => import('./PlaylistDialogs'));

function PlaylistDialogsWhenOpen({ playlists }: Pick<PlaylistsFeature, 'playlists'>) {
  const wanted = useSelector(
    playlists,
    (s) => s.hasTag('createDialog') || s.hasTag('deleteDialog') || s.hasTag('addDialog'),
  );
  const shown = useRef(false);
  if (wanted) shown.current = true;
  if (!shown.current) return null;
  return (
    <Suspense fallback={null}>
      <PlaylistDialogs />
    </Suspense>
  );
}

export function PlaylistDialogsHost() {
  const feature = usePlaylistsLoaded();
  return feature && <PlaylistDialogsWhenOpen playlists={feature.playlists} />;
}
