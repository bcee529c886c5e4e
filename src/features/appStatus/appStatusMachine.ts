// The app status (ours, beyond the original client; docs/architecture.md#8-routing-and-the-frame): whether the browser is online, and
// whether a new version of the app waits to take over. Two regions:
//   network  online ⇄ offline: the browser's online/offline events (the `connectivity` actor), and
//            the app's own requests (one that gets no answer means offline, one answered means
//            online: a browser can think itself online behind a dead network); while offline the
//            server is asked again every SERVER_RECHECK_MS
//   update   idle → available (the service worker has a new version waiting) → updating (it takes
//            over and the page reloads); 稍后 dismisses the prompt until the next version
// The service worker itself (precaching, registration) lives in actors.ts, injected as the
// `serviceWorker` actor, so tests run the machine without one.
import { fromCallback, fromPromise, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { SERVER_RECHECK_MS } from '@/shared/firstPageConstants';

export type AppStatusEvent =
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** a request of the app got an answer from the server */
  | { type: 'SERVER_REACHED' }
  /** a request of the app got no answer at all (no network, server down) */
  | { type: 'SERVER_UNREACHABLE' }
  /** a new version is installed and waits for this page to let it take over */
  | { type: 'UPDATE_READY' }
  /** 刷新: let the new version take over and reload */
  | { type: 'UPDATE' }
  /** 稍后: hide the prompt; the new version takes over when every tab of the app is closed */
  | { type: 'DISMISS_UPDATE' };

/** what the `serviceWorker` actor is told */
export type ServiceWorkerCommand = { type: 'sw.activateUpdate' };

export type AppStatusTag = 'offline' | 'updateAvailable' | 'updating';

/** the browser's online/offline events, the present state first */
const browserConnectivity = fromCallback<AppStatusEvent>(({ sendBack }) => {
  if (typeof window === 'undefined') return () => {};
  const online = () => sendBack({ type: 'ONLINE' });
  const offline = () => sendBack({ type: 'OFFLINE' });
  if (navigator.onLine === false) offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
});

/** no service worker (tests, `npm run dev`): no new version is ever offered */
const noServiceWorker = fromCallback<ServiceWorkerCommand>(() => () => {});

export const appStatusMachine = setup({
  types: {
    events: {} as AppStatusEvent,
    tags: {} as AppStatusTag,
  },
  actors: {
    connectivity: browserConnectivity,
    serviceWorker: noServiceWorker,
    /** asks the server something small; resolves when it answers (main system: GET /api/info) */
    checkServer: fromPromise<void>(async () => {
      throw new Error('appStatus actor "checkServer" was not provided');
    }),
  },
  delays: { serverRecheck: SERVER_RECHECK_MS },
  actions: {
    activateUpdate: sendTo('serviceWorker', { type: 'sw.activateUpdate' }),
  },
}).createMachine({
  description: "The app's frame: whether it is online, and whether a new version waits to take over.",
  id: 'appStatus',
  type: 'parallel',
  invoke: [
    { id: 'connectivity', src: 'connectivity' },
    { id: 'serviceWorker', src: 'serviceWorker' },
  ],
  states: {
    network: {
      description: 'Whether the app reaches the server.',
      initial: 'online',
      states: {
        online: { description: 'Online: no 离线中 banner.', on: { OFFLINE: 'offline', SERVER_UNREACHABLE: 'offline' } },
        offline: {
          description:
            'No network, or the server does not answer: pages show what this browser keeps (saved queue, synced libraries, album pages seen).',
          tags: ['offline'],
          on: { ONLINE: 'online', SERVER_REACHED: 'online' },
          initial: 'waiting',
          states: {
            waiting: {
              description: 'The 离线中 banner shows; the server is asked again after a pause.',
              after: { serverRecheck: 'checking' },
            },
            checking: {
              description: 'The server is being asked whether it answers again.',
              invoke: { src: 'checkServer', onDone: '#appStatus.network.online', onError: 'waiting' },
            },
          },
        },
      },
    },
    update: {
      description: 'Whether a new version of the app waits.',
      initial: 'idle',
      states: {
        idle: { description: 'No new version waits: no prompt.', on: { UPDATE_READY: 'available' } },
        available: {
          description:
            'A new version is installed; the listener chooses when it takes over, so one page never mixes two versions.',
          tags: ['updateAvailable'],
          on: {
            UPDATE: { target: 'updating', actions: 'activateUpdate' },
            DISMISS_UPDATE: 'dismissed',
          },
        },
        updating: {
          description: 'The new version takes over; the page reloads when it controls it.',
          tags: ['updating'],
        },
        dismissed: {
          description: '稍后: no prompt until another version is ready.',
          on: { UPDATE_READY: 'available' },
        },
      },
    },
  },
});

export type AppStatusRef = ActorRefFrom<typeof appStatusMachine>;
export type AppStatusSnapshot = SnapshotFrom<typeof appStatusMachine>;
