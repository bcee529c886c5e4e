// The scrobbler's real actors: the account's setting on this device, ListenBrainz's calls, the
// listens waiting on the device (sent oldest first, removed once taken).
import { fromPromise } from 'xstate';
import { LISTENBRAINZ_GAP_MS } from '@/shared/constants';
import type { Listen } from '@/rules/listens';
import { listenBrainzFailureOf, submitListens, validateToken } from '@/services/listenBrainz';
import { countWaitingListens, readScrobbleSetting, readWaitingListens, removeWaitingListens } from '@/storage/listens';
import type { SentListens } from './scrobblerMachine';

export function defineScrobblerActors(fetch: typeof globalThis.fetch) {
  return {
    readSetting: fromPromise(async ({ input }: { input: { user: string } }) => ({
      setting: await readScrobbleSetting(input.user),
      waiting: await countWaitingListens(input.user),
    })),
    checkToken: fromPromise(({ input }: { input: { url: string; token: string } }) =>
      validateToken({ fetch, ...input }),
    ),
    sendWaiting: fromPromise(
      async ({
        input,
      }: {
        input: { user: string; url: string; token: string; limit: number };
      }): Promise<SentListens> => {
        const { user, limit, ...target } = input;
        const waiting = await readWaitingListens(user, limit);
        if (waiting.length === 0) return { sent: 0, dropped: 0, left: 0, waitMs: 0, refusedTogether: 0 };
        const ids = waiting.map((listen) => listen.id);
        const listens = waiting.map((listen) => listen.listen);
        let waitMs: number;
        try {
          waitMs = await submitListens({ fetch, ...target }, listens.length === 1 ? 'single' : 'import', listens);
        } catch (error) {
          if (listenBrainzFailureOf(error) !== 'malformed') throw error;
          // a batch refused: which listen it was is found by sending them one at a time
          if (listens.length > 1) {
            const left = await countWaitingListens(user);
            return { sent: 0, dropped: 0, left, waitMs: LISTENBRAINZ_GAP_MS, refusedTogether: listens.length };
          }
          // one refused alone would be refused for ever
          await removeWaitingListens(ids);
          const left = await countWaitingListens(user);
          return { sent: 0, dropped: 1, left, waitMs: LISTENBRAINZ_GAP_MS, refusedTogether: 0 };
        }
        await removeWaitingListens(ids);
        return { sent: ids.length, dropped: 0, left: await countWaitingListens(user), waitMs, refusedTogether: 0 };
      },
    ),
    announce: fromPromise(
      async ({ input }: { input: { url: string; token: string; listen: Listen | null } }): Promise<number> => {
        const { listen, ...target } = input;
        return listen ? submitListens({ fetch, ...target }, 'playing_now', [listen]) : 0;
      },
    ),
  };
}
