// The share feature's parts the app composes: access through a share's tokens (for the shared page
// and for queued shared tracks), and the owner of the wizards and the my-shares list its views open.
import type { InspectionEvent } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import type { ApiClient } from '@/services/api/client';
import { loadedLater } from '@/shared/loadedLater';
import { createShareAccess } from './shareAccess';
import type { SharingRef } from './sharingMachine';

const shareApi = () => import('@/services/api/share');

export interface ShareOptions {
  api: ApiClient;
  access: LibraryAccess;
  inspect?: (event: InspectionEvent) => void;
}

export function startShare({ api, access, inspect }: ShareOptions) {
  const shares = createShareAccess(async (id) => (await shareApi()).getShare(api, id));
  // idle until a 分享 dialog or 我的分享 opens: created then (with `inspect`, as every actor of the
  // app), its code loading with those views
  const sharing = loadedLater(async () => (await import('./sharing')).createSharing({ api, access, inspect }));
  return {
    shares,
    /** the owner of the open dialog's wizard and of the 我的分享 list; null until the first of them opened */
    sharing: (): SharingRef | null => sharing.current(),
    /** the owner, created (its code loaded) the first time; a failed load is tried again by the next view */
    openSharing: (): Promise<SharingRef> => sharing.ready(),
    stop: () => sharing.current()?.stop(),
  };
}

export type ShareFeature = ReturnType<typeof startShare>;
