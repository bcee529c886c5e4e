// The share feature's owner of short-lived actors (sharingMachine.ts) with its real actors: created
// with the first 分享 dialog or 我的分享 page that needs it, so its code, the wizard's and the list's
// load with those views instead of with the first page.
import { createActor, type InspectionEvent } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import type { ApiClient } from '@/services/api/client';
import { defineMySharesActors, defineShareWizardActors } from './actors';
import { mySharesMachine } from './mySharesMachine';
import { sharingMachine, type SharingRef } from './sharingMachine';
import { shareWizardMachine } from './shareWizardMachine';

export function createSharing({
  api,
  access,
  inspect,
}: {
  api: ApiClient;
  access: LibraryAccess;
  inspect?: (event: InspectionEvent) => void;
}): SharingRef {
  const actors = {
    shareWizard: shareWizardMachine.provide({ actors: defineShareWizardActors({ api, access }) }),
    myShares: mySharesMachine.provide({ actors: defineMySharesActors({ api }) }),
  };
  return createActor(sharingMachine.provide({ actors }), { inspect }).start();
}
