// The owner of the share feature's short-lived actors: the share wizard of an open 分享 dialog and
// the list of an open 我的分享 page. Each is spawned here when its view opens and stopped when it
// closes, so both are part of the app's system (the inspector sees them, their toasts go through
// the one notify, a test can reach them). One of each at a time: a new wizard replaces the last.
import { assertEvent, assign, setup, stopChild, type ActorRefFrom } from 'xstate';
import { mySharesMachine, type MySharesRef } from './mySharesMachine';
import { shareWizardMachine, type ShareWizardInput, type ShareWizardRef } from './shareWizardMachine';

export interface SharingContext {
  /** the open share dialog's wizard (kept once done, until its dialog closes) */
  wizard: ShareWizardRef | null;
  /** the open 我的分享 page's list */
  myShares: MySharesRef | null;
}

export type SharingEvent =
  | { type: 'OPEN_WIZARD'; input: ShareWizardInput }
  | { type: 'CLOSE_WIZARD' }
  | { type: 'OPEN_MY_SHARES' }
  | { type: 'CLOSE_MY_SHARES' };

export const sharingMachine = setup({
  types: {
    context: {} as SharingContext,
    events: {} as SharingEvent,
  },
  actors: {
    shareWizard: shareWizardMachine,
    myShares: mySharesMachine,
  },
  actions: {
    // each is spawned under its actor's name, so it is stopped by that name (nothing when none is open)
    stopWizard: stopChild('shareWizard'),
    openWizard: assign(({ event, spawn }) => {
      assertEvent(event, 'OPEN_WIZARD');
      return { wizard: spawn('shareWizard', { id: 'shareWizard', input: event.input }) };
    }),
    forgetWizard: assign({ wizard: null }),
    openMyShares: assign(({ context, spawn }) => ({
      myShares: context.myShares ?? spawn('myShares', { id: 'myShares' }),
    })),
    stopMyShares: stopChild('myShares'),
    forgetMyShares: assign({ myShares: null }),
  },
}).createMachine({
  description: 'Keeps the open 分享 dialog and the 我的分享 page running while they are shown.',
  id: 'sharing',
  context: { wizard: null, myShares: null },
  initial: 'running',
  states: {
    running: {
      description: 'Spawns the wizard of a 分享 dialog and the list of 我的分享 while their views are open.',
      on: {
        OPEN_WIZARD: {
          description: 'A 分享 dialog opened: a fresh wizard for its tracks (one dialog at a time).',
          actions: ['stopWizard', 'openWizard'],
        },
        CLOSE_WIZARD: {
          description: 'The dialog closed: its wizard is stopped.',
          actions: ['stopWizard', 'forgetWizard'],
        },
        OPEN_MY_SHARES: {
          description: '我的分享 opened: its list loads (an open one is kept).',
          actions: 'openMyShares',
        },
        CLOSE_MY_SHARES: {
          description: 'The page left: its list is stopped.',
          actions: ['stopMyShares', 'forgetMyShares'],
        },
      },
    },
  },
});

export type SharingRef = ActorRefFrom<typeof sharingMachine>;
