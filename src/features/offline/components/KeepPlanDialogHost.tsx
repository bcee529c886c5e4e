// Renders the 保存到本机 dialog once one opens; its code (Modal, form) loads only then, out of the
// first page. Once shown it stays mounted, so a closing dialog can animate out.
import { lazy, Suspense, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useKeeping } from '../context';

const KeepPlanDialog = lazy(() => import('./KeepPlanDialog'));

export function KeepPlanDialogHost() {
  const open = useSelector(useKeeping(), (snapshot) => snapshot.context.plan !== null);
  const shown = useRef(false);
  if (open) shown.current = true;
  if (!shown.current) return null;
  return (
    <Suspense fallback={null}>
      <KeepPlanDialog />
    </Suspense>
  );
}
