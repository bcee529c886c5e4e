// The waiting plays' actor (its code loads once somebody is signed in, after the first page), and
// how a counted play reaches it: kept on the device first, then the actor is told.
import { createActor, waitFor, type InspectionEvent } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import { keepWaitingPlay } from '@/storage/waitingPlays';
import type { TrackIdentity } from '@/shared/track';
import { definePlaysActors } from './actors';
import { playsMachine } from './playsMachine';

interface PlaysOptions {
  api: ApiClient;
  /** the account signed in as the plays start, if any */
  user: string | null;
  inspect?: (event: InspectionEvent) => void;
}

export function startPlays({ api, user, inspect }: PlaysOptions) {
  const actor = createActor(playsMachine.provide({ actors: definePlaysActors(api) }), { inspect }).start();
  if (user !== null) actor.send({ type: 'SIGNED_IN', user });
  return {
    actor,
    /** who is signed in now (null: nobody): their plays are sent, nobody else's */
    signedIn(user: string | null): void {
      actor.send(user === null ? { type: 'SIGNED_OUT' } : { type: 'SIGNED_IN', user });
    },
    /** the server answered a call: what waits for a retry goes now */
    reached(): void {
      actor.send({ type: 'SERVER_REACHED' });
    },
    /** keeps the plays of a track (Unix seconds each began) for the signed-in account, then sends them */
    async record(report: { track: TrackIdentity; at: number[] }): Promise<void> {
      const { user } = actor.getSnapshot().context;
      if (user === null) return;
      const { albumId, discId, trackId } = report.track;
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

export type Plays = ReturnType<typeof startPlays>;
