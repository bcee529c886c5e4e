import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { providedContext } from '@/ui/providedContext';
import type { MySharesRef } from './mySharesMachine';
import type { SharingRef } from './sharingMachine';
import type { ShareWizardInput, ShareWizardRef } from './shareWizardMachine';
import type { ShareFeature } from './start';

export const [ShareProvider, useShare] = providedContext<ShareFeature>('Share');

/** the feature's `sharing` actor, created by the first view that asks (null while its code loads) */
function useSharing(): SharingRef | null {
  const share = useShare();
  const [sharing, setSharing] = useState(() => share.sharing());
  useEffect(() => {
    if (sharing) return;
    let shown = true;
    // a chunk that will not load leaves the view on its loader, as its own chunk would
    share.openSharing().then(
      (created) => shown && setSharing(created),
      (error: unknown) => console.warn('the share feature could not load', error),
    );
    return () => {
      shown = false;
    };
  }, [share, sharing]);
  return sharing;
}

/**
 * The wizard of a 分享 dialog, owned by the feature's `sharing` actor: spawned when the dialog
 * opens (with the tracks it was opened with), stopped when it closes. Null until spawned.
 */
export function useShareWizard(input: ShareWizardInput): ShareWizardRef | null {
  const sharing = useSharing();
  // the input the dialog opened with is its wizard's (a new dialog is a new mount)
  const [first] = useState(input);
  useEffect(() => {
    if (!sharing) return;
    sharing.send({ type: 'OPEN_WIZARD', input: first });
    return () => sharing.send({ type: 'CLOSE_WIZARD' });
  }, [sharing, first]);
  return useSelector(sharing ?? undefined, (s) => s?.context.wizard ?? null);
}

/** the list of 我的分享, owned by the feature's `sharing` actor while the page is shown */
export function useMyShares(): MySharesRef | null {
  const sharing = useSharing();
  useEffect(() => {
    if (!sharing) return;
    sharing.send({ type: 'OPEN_MY_SHARES' });
    return () => sharing.send({ type: 'CLOSE_MY_SHARES' });
  }, [sharing]);
  return useSelector(sharing ?? undefined, (s) => s?.context.myShares ?? null);
}
