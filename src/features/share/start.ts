// The share feature's parts the app composes: access through a share's tokens (for the shared page
// and for queued shared tracks), and the owner of the wizards and the my-shares list its views open.
import { createActor, type InspectionEvent } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import type { ApiClient } from '@/services/api/client';
import { defineMySharesActors, defineShareWizardActors } from './actors';
import { mySharesMachine } from './mySharesMachine';
import type { ShareAccess } from './shareAccess';
import { sharingMachine } from './sharingMachine';
import { shareWizardMachine } from './shareWizardMachine';

const shareApi = () => import('@/services/api/share');

export interface ShareOptions {
  api: ApiClient;
  access: LibraryAccess;
  inspect?: (event: InspectionEvent) => void;
}

export function startShare({ api, access, inspect }: ShareOptions) {
  // the share access code loads with the first share read (a shared page, a track queued from a
  // share), not with the first page
  let made: Promise<ShareAccess> | undefined;
  const shareAccess = () =>
    (made ??= import('./shareAccess').then(({ createShareAccess }) => createShareAccess(async (id) => (await shareApi()).getShare(api, id))));
  const shares: ShareAccess = {
    open: async (shareId) => (await shareAccess()).open(shareId),
    accessFor: async (shareId) => (await shareAccess()).accessFor(shareId),
  };
  const actors = {
    shareWizard: shareWizardMachine.provide({ actors: defineShareWizardActors({ api, access }) }),
    myShares: mySharesMachine.provide({ actors: defineMySharesActors({ api }) }),
  };
  const sharing = createActor(sharingMachine.provide({ actors }), { inspect }).start();
  return { shares, sharing };
}

export type ShareFeature = ReturnType<typeof startShare>;
