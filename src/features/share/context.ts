import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { providedContext } from '@/ui/providedContext';
import type { MySharesRef } from './mySharesMachine';
import type { ShareWizardInput, ShareWizardRef } from './shareWizardMachine';
import type { ShareFeature } from './start';

export const [ShareProvider, useShare] = providedContext<ShareFeature>('Share');

/**
 * The wizard of a 分享 dialog, owned by the feature's `sharing` actor: spawned when the dialog
 * opens (with the tracks it was opened with), stopped when it closes. Null until spawned.
 */
export function useShareWizard(input: ShareWizardInput): ShareWizardRef | null {
  const { sharing } = useShare();
  // the input the dialog opened with is its wizard's (a new dialog is a new mount)
  const [first] = useState(input);
  useEffect(() => {
    sharing.send({ type: 'OPEN_WIZARD', input: first });
    return () => sharing.send({ type: 'CLOSE_WIZARD' });
  }, [sharing, first]);
  return useSelector(sharing, (s) => s.context.wizard);
}

/** the list of 我的分享, owned by the feature's `sharing` actor while the page is shown */
export function useMyShares(): MySharesRef | null {
  const { sharing } = useShare();
  useEffect(() => {
    sharing.send({ type: 'OPEN_MY_SHARES' });
    return () => sharing.send({ type: 'CLOSE_MY_SHARES' });
  }, [sharing]);
  return useSelector(sharing, (s) => s.context.myShares);
}
