// Renders the 保存到本机 dialog once one opens; its code (Modal, form) loads only then, out of the
// first page, as the keeping actor's does (nothing renders until the app has created it). Once
// shown it stays mounted, so a closing dialog can animate out.
import { lazy, Suspense, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useKeepingLoaded } from '../context';
import type { KeepingRef } from '../keepingMachine';

const KeepPlanDialog = lazy(() => import('./KeepPlanDialog'));

function KeepPlanDialogWhenOpen({ keeping }: { keeping: KeepingRef }) {
  const open = useSelector(keeping, (snapshot) => snapshot.context.plan !== null);
  const shown = useRef(false);
  if (open) shown.current = true;
  if (!shown.current) return null;
  return (
    <Suspense fallback={null}>
      <KeepPlanDialog />
    </Suspense>
  );
}

export function KeepPlanDialogHost() {
  const keeping = useKeepingLoaded();
  return keeping && <KeepPlanDialogWhenOpen keeping={keeping} />;
}
