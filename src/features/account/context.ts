// The account actor for the user page's views: the session spawns it when the page opens and stops it
// when the page closes (as the share feature's owner does with its dialog's wizard).
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useSession } from '@/features/session';
import { providedContext } from '@/ui/providedContext';
import type { AccountRef } from './accountMachine';

export const [AccountProvider, useAccount] = providedContext<AccountRef>('Account');

/** The account of the open user page, owned by the session; null until its machine has loaded. */
export function useOpenAccount(): AccountRef | null {
  const session = useSession();
  useEffect(() => {
    session.send({ type: 'OPEN_ACCOUNT' });
    return () => session.send({ type: 'CLOSE_ACCOUNT' });
  }, [session]);
  // the session spawns it from the logic this feature's start.ts gives (the session does not import
  // the account, whose code loads with this page): it is this feature's machine
  return useSelector(session, (s) => s.context.account) as AccountRef | null;
}

/**
 * Leaving a form of the user page (its tab or the page closes): its message goes, and recovery codes
 * shown are not shown again. An account already stopped (the session ended, the page closed first)
 * has nothing to forget.
 */
export function useLeaveFormOnUnmount(account: AccountRef): void {
  useEffect(
    () => () => {
      if (account.getSnapshot().status === 'active') account.send({ type: 'CLEAR_FORM_ERROR' });
    },
    [account],
  );
}
