// The share feature's real actors: credentials per album through library access, the share API,
// and the browser's clipboard and share sheet (missing ones are told with the catalogue's texts).
import { fromPromise } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import type { ApiClient } from '@/services/api/client';
import { text } from '@/shared/text';
import type { NewShare, ShareEntry } from '@/shared/types';
import { NoShareTokenError } from './shareWizardMachine';

const shareApi = () => import('@/services/api/share');

/** the link to the clipboard; a browser without one, or refusing, says so (the link stays to copy by hand) */
const copyLink = fromPromise<void, { link: string }>(async ({ input }) => {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard?.writeText) throw new Error(text.share.noClipboard);
  try {
    await clipboard.writeText(input.link);
  } catch {
    // refused (no permission, an insecure page)
    throw new Error(text.share.noClipboard);
  }
});

export function defineShareWizardActors({ api, access }: { api: ApiClient; access: LibraryAccess }) {
  return {
    chooseCredentials: fromPromise<Record<string, string>, { albumIds: string[] }>(async ({ input }) => {
      const chosen = await access.sharingCredentials(input.albumIds);
      const albums: Record<string, string> = {};
      for (const albumId of input.albumIds) {
        const credential = chosen[albumId];
        if (!credential) throw new NoShareTokenError();
        albums[albumId] = credential;
      }
      return albums;
    }),
    createShare: fromPromise<string, NewShare>(async ({ input }) => (await shareApi()).createShare(api, input)),
    copyLink,
    nativeShare: fromPromise<void, { link: string; title: string }>(async ({ input }) => {
      if (typeof navigator === 'undefined' || typeof navigator.share !== 'function')
        throw new Error(text.share.noNativeShare);
      try {
        await navigator.share({ title: input.title, url: input.link });
      } catch (error) {
        // the listener closed the share sheet: nothing went wrong
        if (error instanceof Error && error.name === 'AbortError') return;
        throw new Error(text.share.noNativeShare);
      }
    }),
  };
}

export function defineMySharesActors({ api }: { api: ApiClient }) {
  return {
    listShares: fromPromise<ShareEntry[], void>(async () => (await shareApi()).listShares(api)),
    deleteShare: fromPromise<void, { id: string }>(async ({ input }) => (await shareApi()).deleteShare(api, input.id)),
    copyLink,
  };
}
