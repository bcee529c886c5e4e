// The registry of machines, for diagrams and QA paths: what `npm run machines` draws into
// docs/machines/ and what `npm run paths -- <name>` walks. Each machine's samples (the events a
// walk explores, payloads included, its input and state key) live beside it in
// `<machine>.samples.ts`; this list only names them. Tooling, outside src/: the app never loads it.
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
// Straight from the machine files, not the features' index.ts: the scripts run this under Node,
// which cannot load the components (and their CSS) an index also exports.
import { accountMachine } from '@/features/account/accountMachine';
import * as accountSamples from '@/features/account/accountMachine.samples';
import { favouritesMachine } from '@/features/favourites/favouritesMachine';
import * as favouritesSamples from '@/features/favourites/favouritesMachine.samples';
import { favouriteToggleMachine } from '@/features/favourites/favouriteToggleMachine';
import * as favouriteToggleSamples from '@/features/favourites/favouriteToggleMachine.samples';
import { librariesMachine } from '@/features/library/librariesMachine';
import * as librariesSamples from '@/features/library/librariesMachine.samples';
import { librarySyncMachine } from '@/features/library/librarySyncMachine';
import * as librarySyncSamples from '@/features/library/librarySyncMachine.samples';
import { lyricsMachine } from '@/features/lyrics/lyricsMachine';
import { sleepTimerMachine } from '@/features/sleepTimer/sleepTimerMachine';
import { soundMachine } from '@/features/sound/soundMachine';
import * as soundSamples from '@/features/sound/soundMachine.samples';
import * as sleepTimerSamples from '@/features/sleepTimer/sleepTimerMachine.samples';
import * as lyricsSamples from '@/features/lyrics/lyricsMachine.samples';
import { lyricsEditorMachine } from '@/features/lyrics/lyricsEditorMachine';
import * as lyricsEditorSamples from '@/features/lyrics/lyricsEditorMachine.samples';
import { messagesMachine } from '@/features/messages/messagesMachine';
import * as messagesSamples from '@/features/messages/messagesMachine.samples';
import { keepingMachine } from '@/features/offline/keepingMachine';
import * as keepingSamples from '@/features/offline/keepingMachine.samples';
import { keepPlanMachine } from '@/features/offline/keepPlanMachine';
import * as keepPlanSamples from '@/features/offline/keepPlanMachine.samples';
import { playerMachine } from '@/features/player/playerMachine';
import { historyMachine } from '@/features/listening/historyMachine';
import * as historySamples from '@/features/listening/historyMachine.samples';
import { playsMachine } from '@/features/listening/playsMachine';
import { statsMachine } from '@/features/listening/statsMachine';
import * as statsSamples from '@/features/listening/statsMachine.samples';
import * as playsSamples from '@/features/listening/playsMachine.samples';
import { listenCountMachine } from '@/features/scrobbling/listenCountMachine';
import * as listenCountSamples from '@/features/scrobbling/listenCountMachine.samples';
import { scrobblerMachine } from '@/features/scrobbling/scrobblerMachine';
import * as scrobblerSamples from '@/features/scrobbling/scrobblerMachine.samples';
import * as playerSamples from '@/features/player/playerMachine.samples';
import { playlistMachine } from '@/features/playlists/playlistMachine';
import * as playlistSamples from '@/features/playlists/playlistMachine.samples';
import { playlistsMachine } from '@/features/playlists/playlistsMachine';
import * as playlistsSamples from '@/features/playlists/playlistsMachine.samples';
import { sessionMachine } from '@/features/session/sessionMachine';
import * as sessionSamples from '@/features/session/sessionMachine.samples';
import { settingsMachine } from '@/features/settings/settingsMachine';
import * as settingsSamples from '@/features/settings/settingsMachine.samples';
import { mySharesMachine } from '@/features/share/mySharesMachine';
import * as mySharesSamples from '@/features/share/mySharesMachine.samples';
import { shareWizardMachine } from '@/features/share/shareWizardMachine';
import * as shareWizardSamples from '@/features/share/shareWizardMachine.samples';
import { sharingMachine } from '@/features/share/sharingMachine';
import * as sharingSamples from '@/features/share/sharingMachine.samples';
import { smartListsMachine } from '@/features/smartLists/smartListsMachine';
import * as smartListsSamples from '@/features/smartLists/smartListsMachine.samples';
import { smartListEditorMachine } from '@/features/smartLists/smartListEditorMachine';
import * as smartListEditorSamples from '@/features/smartLists/smartListEditorMachine.samples';
import { appStatusMachine } from '@/features/appStatus/appStatusMachine';
import * as appStatusSamples from '@/features/appStatus/appStatusMachine.samples';
import { shelfMachine } from '@/features/home/shelfMachine';
import * as shelfSamples from '@/features/home/shelfMachine.samples';
import { loaderMachine } from '@/features/pageLoad/loaderMachine';
import * as loaderSamples from '@/features/pageLoad/loaderMachine.samples';
import type { UnreachableTransition, WalkSpec } from './pathGenerators';
import type { MachineRegistry } from './machinePaths';

/** What a machine's `.samples.ts` exports; a machine without one is walked with its own events. */
interface MachineSamples {
  pathEvents: readonly EventObject[];
  pathInput?: unknown;
  /** Further inputs the walk starts from, for what `pathInput` cannot reach (e.g. a user stored by an earlier visit). */
  pathMoreInputs?: readonly unknown[];
  pathStateKey?: WalkSpec['stateKey'];
  /** Events the walk may take from a snapshot (default: all it is given). */
  pathFilter?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /** The walk the command prints and the paths tests replay, when not the shortest (a small machine may walk every simple path). */
  pathGenerator?: 'shortest' | 'simple';
  /** Transitions no walk can fire, each with the reason (shown in the footer, counted as explained). */
  unreachable?: readonly UnreachableTransition[];
  /** Each event type the machine takes → a short phrase in a listener's words (the Markdown test cases). */
  pathEventLabels?: Record<string, string>;
}

const registered: Record<string, [AnyStateMachine, MachineSamples?]> = {
  session: [sessionMachine, sessionSamples],
  account: [accountMachine, accountSamples],
  loader: [loaderMachine, loaderSamples],
  messages: [messagesMachine, messagesSamples],
  settings: [settingsMachine, settingsSamples],
  libraries: [librariesMachine, librariesSamples],
  librarySync: [librarySyncMachine, librarySyncSamples],
  player: [playerMachine, playerSamples],
  plays: [playsMachine, playsSamples],
  history: [historyMachine, historySamples],
  stats: [statsMachine, statsSamples],
  listenCount: [listenCountMachine, listenCountSamples],
  scrobbler: [scrobblerMachine, scrobblerSamples],
  favourites: [favouritesMachine, favouritesSamples],
  favouriteToggle: [favouriteToggleMachine, favouriteToggleSamples],
  playlists: [playlistsMachine, playlistsSamples],
  playlist: [playlistMachine, playlistSamples],
  shareWizard: [shareWizardMachine, shareWizardSamples],
  myShares: [mySharesMachine, mySharesSamples],
  sharing: [sharingMachine, sharingSamples],
  lyrics: [lyricsMachine, lyricsSamples],
  lyricsEditor: [lyricsEditorMachine, lyricsEditorSamples],
  sleepTimer: [sleepTimerMachine, sleepTimerSamples],
  sound: [soundMachine, soundSamples],
  appStatus: [appStatusMachine, appStatusSamples],
  keeping: [keepingMachine, keepingSamples],
  keepPlan: [keepPlanMachine, keepPlanSamples],
  smartLists: [smartListsMachine, smartListsSamples],
  smartListEditor: [smartListEditorMachine, smartListEditorSamples],
  shelf: [shelfMachine, shelfSamples],
};

const entries = Object.entries(registered);
const pick = <T>(get: (samples: MachineSamples) => T | undefined): Record<string, T> =>
  Object.fromEntries(
    entries.flatMap(([name, [, samples]]) => {
      const value = samples && get(samples);
      return value === undefined ? [] : [[name, value]];
    }),
  );

export const machines: Record<string, AnyStateMachine> = Object.fromEntries(
  entries.map(([name, [machine]]) => [name, machine]),
);
export const registry: Required<MachineRegistry> = {
  machines,
  pathEvents: pick((samples) => samples.pathEvents),
  pathInputs: pick((samples) => samples.pathInput),
  pathMoreInputs: pick((samples) => samples.pathMoreInputs),
  pathStateKeys: pick((samples) => samples.pathStateKey),
  pathFilters: pick((samples) => samples.pathFilter),
  pathGenerators: pick((samples) => samples.pathGenerator),
  unreachable: pick((samples) => samples.unreachable),
  pathEventLabels: pick((samples) => samples.pathEventLabels),
};
