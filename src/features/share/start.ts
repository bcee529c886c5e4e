// The share feature's parts the app composes: access through a share's tokens (for the shared page
// and for queued shared tracks), and the machines a wizard and the my-shares page start.
import type { LibraryAccess } from '@/features/library';
import type { ApiClient } from '@/services/api/client';
import { defineMySharesActors, defineShareWizardActors } from './actors';
import { mySharesMachine } from './mySharesMachine';
import { createShareAccess } from './shareAccess';
import { shareWizardMachine } from './shareWizardMachine';

const shareApi = () => import('@/services/api/share');

export function startShare({ api, access }: { api: ApiClient; access: LibraryAccess }) {
  const shares = createShareAccess(async (id) => (await shareApi()).getShare(api, id));
  return {
    shares,
    wizard: shareWizardMachine.provide({ actors: defineShareWizardActors({ api, access }) }),
    myShares: mySharesMachine.provide({ actors: defineMySharesActors({ api }) }),
  };
}

export type ShareFeature = ReturnType<typeof startShare>;
