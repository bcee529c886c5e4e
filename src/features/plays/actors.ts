// The waiting plays' real actor (docs/architecture.md#2-a-feature-folder): one batch read from the
// device, sent, and removed once the server has confirmed it.
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import { isApiError } from '@/services/api/errors';
import { reportPlays } from '@/services/api/stat';
import { PLAYS_AHEAD_LIMIT_S, PLAYS_PER_REPORT, STATUS_ILLEGAL_PARAMS } from '@/shared/constants';
import { countWaitingPlays, readWaitingPlays, removeWaitingPlays, type WaitingPlay } from '@/storage/waitingPlays';
import type { SentPlays } from './playsMachine';

const malformed = (error: unknown) => isApiError(error, STATUS_ILLEGAL_PARAMS);

/**
 * Sends `plays`; a batch refused as malformed is sent again one play at a time, so only the
 * malformed ones are dropped. Each play is removed from the device as soon as its fate is known;
 * a failure of any other kind is thrown with what is not sent still kept.
 */
async function sendBatch(api: ApiClient, plays: WaitingPlay[]): Promise<{ sent: number; refused: number }> {
  try {
    await reportPlays(api, plays);
  } catch (error) {
    if (!malformed(error)) throw error;
    if (plays.length === 1) {
      await removeWaitingPlays([plays[0]!.id]);
      return { sent: 0, refused: 1 };
    }
    let sent = 0;
    let refused = 0;
    for (const play of plays) {
      const one = await sendBatch(api, [play]);
      sent += one.sent;
      refused += one.refused;
    }
    return { sent, refused };
  }
  await removeWaitingPlays(plays.map((play) => play.id));
  return { sent: plays.length, refused: 0 };
}

export function definePlaysActors(api: ApiClient) {
  return {
    sendWaiting: fromPromise<SentPlays, { user: string }>(async ({ input }) => {
      const plays = await readWaitingPlays(input.user, PLAYS_PER_REPORT);
      // the server's clock, as its last answer told it: a play stamped far ahead of it is never sent
      const latest = Math.floor(api.serverNow() / 1000) + PLAYS_AHEAD_LIMIT_S;
      const ahead = plays.filter((play) => play.at > latest);
      if (ahead.length > 0) await removeWaitingPlays(ahead.map((play) => play.id));
      const sendable = plays.filter((play) => play.at <= latest);
      const { sent, refused } = sendable.length > 0 ? await sendBatch(api, sendable) : { sent: 0, refused: 0 };
      return { sent, refused, ahead: ahead.length, left: await countWaitingPlays(input.user) };
    }),
  };
}
