// The scrobbling feature (its code loads once somebody is signed in, after the first page): the
// counter that follows the player and says when a play is a listen, the scrobbler that talks to
// ListenBrainz, and the edges between them and the device: a listen is kept on the device only
// while scrobbling is on, then the scrobbler is told; a setting it changes is stored.
import { createActor, type InspectionEvent } from 'xstate';
import { isSendableListen } from '@/rules/listens';
import { keepListen, writeScrobbleSetting } from '@/storage/listens';
import { trackKey, type TrackInfo } from '@/shared/track';
import { playerViewOf, type PlayerRef } from '@/features/player/playerView.public';
import { defineScrobblerActors } from './actors';
import { listenCountMachine } from './listenCountMachine';
import { scrobblerMachine } from './scrobblerMachine';

/** what the scrobbling follows of the player */
export interface PlayerView {
  /** counts the times a track became current (a new play when it changes) */
  play: number;
  track: TrackInfo | null;
  playing: boolean;
  /** seconds, once known */
  duration: number | null;
}

interface ScrobblingOptions {
  /** ListenBrainz is reached with it (tests pass a fake); absent: the browser's */
  fetch?: typeof globalThis.fetch;
  /** what it follows (absent in tests that send it the player's state themselves) */
  player?: PlayerRef;
  /** the account signed in as it starts, if any */
  user: string | null;
  now?: () => number;
  inspect?: (event: InspectionEvent) => void;
}

export function startScrobbling({ fetch, player, user, now = Date.now, inspect }: ScrobblingOptions) {
  const reach = fetch ?? ((input, init) => globalThis.fetch(input, init));
  const scrobbler = createActor(scrobblerMachine.provide({ actors: defineScrobblerActors(reach) }), {
    inspect,
  }).start();
  const counter = createActor(listenCountMachine, { input: { now }, inspect }).start();
  const on = () => scrobbler.getSnapshot().hasTag('on');

  scrobbler.on('settingChanged', ({ user, setting }) => void writeScrobbleSetting(user, setting));
  // the scrobbler takes it while on, or while it reads whether it is
  counter.on('started', ({ listen }) => scrobbler.send({ type: 'NOW_PLAYING', listen }));
  counter.on('listened', ({ listen }) => {
    const { user } = scrobbler.getSnapshot().context;
    if (!on() || user === null || !isSendableListen(listen)) return;
    void keepListen(user, listen).then(() => scrobbler.send({ type: 'LISTEN_KEPT' }));
  });
  if (user !== null) scrobbler.send({ type: 'SIGNED_IN', user });
  // no answer while offline: what waits goes as soon as the browser is online again
  const online = () => scrobbler.send({ type: 'NETWORK_BACK' });
  globalThis.addEventListener?.('online', online);

  let seen: PlayerView = { play: -1, track: null, playing: false, duration: null };
  /** the player's state at each change of it: the counter is told what changed */
  const followPlayer = (view: PlayerView): void => {
    const before = seen;
    seen = view;
    const sameTrack =
      view.play === before.play &&
      (view.track === null
        ? before.track === null
        : before.track !== null && trackKey(view.track) === trackKey(before.track));
    if (!sameTrack) counter.send({ type: 'TRACK_CHANGED', track: view.track, duration: view.duration });
    else if (view.duration !== null && view.duration !== before.duration)
      counter.send({ type: 'DURATION_KNOWN', seconds: view.duration });
    if (view.playing !== before.playing || !sameTrack) counter.send({ type: view.playing ? 'PLAYING' : 'PAUSED' });
  };
  // what plays as the code arrives, then every change
  const following = player?.subscribe((snapshot) => followPlayer(playerViewOf(snapshot)));
  if (player) followPlayer(playerViewOf(player.getSnapshot()));
  return {
    scrobbler,
    /** when a play becomes a listen */
    counter,
    /** who is signed in now (null: nobody) */
    signedIn(user: string | null): void {
      if (user !== null && scrobbler.getSnapshot().context.user === user) return;
      scrobbler.send({ type: 'SIGNED_OUT' });
      if (user !== null) scrobbler.send({ type: 'SIGNED_IN', user });
    },
    stop(): void {
      following?.unsubscribe();
      globalThis.removeEventListener?.('online', online);
      counter.stop();
      scrobbler.stop();
    },
  };
}

export type Scrobbling = ReturnType<typeof startScrobbling>;
