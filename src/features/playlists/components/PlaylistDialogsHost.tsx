// Renders the playlists' dialogs once any is open; their code (Modal, forms) loads only then, out
// of the first page. Once shown they stay mounted, so a closing dialog can animate out.
import { lazy, Suspense, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { usePlaylists } from '../context';

const PlaylistDialogs = lazy(() => import('./PlaylistDialogs'));

export function PlaylistDialogsHost() {
  const { playlists } = usePlaylists();
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
