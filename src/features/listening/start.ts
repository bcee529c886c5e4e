// The listening feature (its code loads once somebody is signed in, after the first page): the
// waiting plays' actor and how a counted play reaches it (kept on the device first, then the actor
// is told); the loaders of 最近播放 and 我的统计 with their real actors, for their pages to create;
// an album's play counts for its page.
import { createActor, waitFor, type InspectionEvent } from 'xstate';
import type { LibraryAccess } from '@/features/library';
import type { ApiClient } from '@/services/api/client';
import { readCounts } from '@/services/api/stat';
import { keepTrackDuration, keepWaitingPlay } from '@/storage/waitingPlays';
import { trackKey, type TrackIdentity } from '@/shared/track';
import { defineHistoryActors, definePlaysActors, defineStatsActors } from './actors';
import { historyMachine } from './historyMachine';
import { playsMachine } from './playsMachine';
import { statsMachine } from './statsMachine';

interface ListeningOptions {
  api: ApiClient;
  access: LibraryAccess;
  /** the account signed in as the plays start, if any */
  user: string | null;
  inspect?: (event: InspectionEvent) => void;
}

export function startListening({ api, access, user, inspect }: ListeningOptions) {
  const actor = createActor(playsMachine.provide({ actors: definePlaysActors(api) }), { inspect }).start();
  if (user !== null) actor.send({ type: 'SIGNED_IN', user });
  return {
    /** the waiting plays */
    plays: actor,
    /** 最近播放's loader, with its real actors (the page creates it) */
    history: historyMachine.provide({ actors: defineHistoryActors({ api, access }) }),
    /** 我的统计's loader, with its real actors (the page creates it) */
    stats: statsMachine.provide({ actors: defineStatsActors({ api, access }) }),
    /** the listener's plays of each track of an album, all time (one request; none when it fails) */
    async albumPlays(albumId: string): Promise<Map<string, number>> {
      const counts = await readCounts(api, { from: 0 }, albumId);
      return new Map(counts.map((row) => [trackKey(row.track), row.count]));
    },
    /** who is signed in now (null: nobody): their plays are sent, nobody else's */
    signedIn(user: string | null): void {
      actor.send(user === null ? { type: 'SIGNED_OUT' } : { type: 'SIGNED_IN', user });
    },
    /** the server answered a call: what waits for a retry goes now */
    reached(): void {
      actor.send({ type: 'SERVER_REACHED' });
    },
    /** keeps the plays of a track (Unix seconds each began) for the signed-in account, then sends them */
    async record(report: { track: TrackIdentity; at: number[]; seconds?: number }): Promise<void> {
      const { user } = actor.getSnapshot().context;
      if (user === null) return;
      const { albumId, discId, trackId } = report.track;
      if (report.seconds !== undefined) void keepTrackDuration(trackKey(report.track), report.seconds);
      for (const at of report.at) await keepWaitingPlay({ user, track: { albumId, discId, trackId }, at });
      actor.send({ type: 'PLAY_KEPT' });
    },
    /** signing out: sends what waits if the server answers within 5 s; resolves either way */
    async flush(): Promise<void> {
      if (actor.getSnapshot().matches('signedOut')) return;
      actor.send({ type: 'FLUSH' });
      await waitFor(actor, (snapshot) => snapshot.hasTag('flushed') || snapshot.matches('signedOut'));
    },
  };
}

export type Listening = ReturnType<typeof startListening>;
