// The share feature's parts the app composes: access through a share's tokens (for the shared page
// and for queued shared tracks), and the owner of the wizards and the my-shares list its views open.
import { createActor, type InspectionEvent } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import type { ApiClient } from '@/services/api/client';
import { defineMySharesActors, defineShareWizardActors } from './actors';
import { mySharesMachine } from './mySharesMachine';
import { createShareAccess } from './shareAccess';
import { sharingMachine } from './sharingMachine';
import { shareWizardMachine } from './shareWizardMachine';

const shareApi = () => import('@/services/api/share');

export interface ShareOptions {
  api: ApiClient;
  access: LibraryAccess;
  inspect?: (event: InspectionEvent) => void;
}

export function startShare({ api, access, inspect }: ShareOptions) {
  const shares = createShareAccess(async (id) => (await shareApi()).getShare(api, id));
  const actors = {
    shareWizard: shareWizardMachine.provide({ actors: defineShareWizardActors({ api, access }) }),
    myShares: mySharesMachine.provide({ actors: defineMySharesActors({ api }) }),
  };
  const sharing = createActor(sharingMachine.provide({ actors }), { inspect }).start();
  return { shares, sharing };
}

export type ShareFeature = ReturnType<typeof startShare>;
