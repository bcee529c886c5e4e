// Renders the 保存到本机 dialog once one opens; its code (Modal, form) loads only then, out of the
// first page, as the keeping actor's does (nothing renders until the app has created it). Once
// shown it stays mounted, so a closing dialog can animate out.
import { lazy, Suspense, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useKeepingLoaded } from '../context';

const KeepPlanDialog = lazy(() => import('./KeepPlanDialog'));

function KeepPlanDialogWhenOpen() {
  const open = useSelector(useKeepingLoaded(), (snapshot) => snapshot.context.plan !== null);
  const shown = useRef(false);
  if (open) shown.current = true;
  if (!shown.current) return null;
  return <KeepPlanDialog />;
}

export function KeepPlanDialogHost() {
  return (
    <Suspense fallback={null}>
      <KeepPlanDialogWhenOpen />
    </Suspense>
  );
}
