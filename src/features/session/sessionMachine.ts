// The login state (docs/behaviour.md#sign-in-state): unknown → loggedIn / loggedOut, with every flow that changes it.
// I/O is done by injected actors; toasts, URL changes and storage writes are emitted (effects.ts). The
// account's management (features/account) is a machine of its own, spawned here while the user page is
// open, that reports back what changed.
import {
  assertEvent,
  assign,
  emit,
  setup,
  spawnChild,
  stopChild,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type DoneActorEvent,
  type ErrorActorEvent,
} from 'xstate';
import { checkedSubmit, failure, formChecks, provideMe } from '@/shared/machines';
import type { UserInfo } from '@/shared/types';
import {
  LOGOUT_REDIRECT_DELAY_MS,
  STATUS_TWO_FACTOR_ATTEMPTS_LIMITED,
  STATUS_TWO_FACTOR_NOT_ENABLED,
  STATUS_WRONG_TWO_FACTOR_CODE,
} from '@/shared/firstPageConstants';
import { errorMessage, isApiError, isUnauthorized } from '@/services/api/errors';
import { text } from '@/shared/firstPageText';
import type { NavigateEvent, NotifyEvent, ReloadEvent } from '@/shared/effects';
import {
  codeError,
  loginError,
  normalCode,
  registerError,
  type LoginForm,
  type LoginWithCode,
  type RegisterForm,
} from './forms';

export type SessionForm = 'login' | 'code' | 'register';

/** what views ask of a session snapshot (hasTag), instead of naming its states */
export type SessionTag =
  | 'busy'
  | 'loggedIn'
  | 'loggedOut'
  | 'loggingIn'
  | 'askingCode'
  | 'registering'
  | 'registered'
  | 'loggingOut';

export interface SessionContext {
  user: UserInfo | null;
  /** a validation message, shown by the form it belongs to */
  formError: { form: SessionForm; message: string } | null;
  /** the login being made, kept while the server asks for the code of two-step sign-in */
  pendingLogin: LoginForm | null;
  /** the site enforces two-step sign-in and this user has not turned it on: nothing else answers */
  twoFactorRequired: boolean;
  /** where the page reloads once the session's local data is cleared; null: the page it is on */
  leaveTo: string | null;
  /** the account's machine (features/account) while the user page is open; its code loads with that page */
  account: AnyActorRef | null;
}

/**
 * What the account's machine, spawned by the session while the user page is open, reports back to
 * it: the user as it now is, or that the session ended.
 */
export type AccountReport =
  /** the profile was read again, or recovery codes were handed out: the user record as it now is */
  | { type: 'USER_CHANGED'; user: UserInfo }
  /** two-step sign-in was turned on or off: the user record, and the site's demand for it is settled */
  | { type: 'TWO_FACTOR_CHANGED'; user: UserInfo }
  /** the server ended the session (password changed: to the login page; 902002: where it is) */
  | { type: 'SESSION_ENDED'; leaveTo: string | null }
  /** the account is gone: signed out as at logout */
  | { type: 'ACCOUNT_DELETED' };

export type SessionEvent =
  | { type: 'LOGIN'; form: LoginForm }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'CANCEL_CODE' }
  | { type: 'REGISTER'; form: RegisterForm; inviteRequired: boolean }
  | { type: 'LOGOUT' }
  | { type: 'OPEN_ACCOUNT' }
  | { type: 'CLOSE_ACCOUNT' }
  | { type: 'TWO_FACTOR_REQUIRED' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'CLEAR_FORM_ERROR' }
  | AccountReport
  // the account's machine loaded (or not): spawned, not invoked, so named here
  | DoneActorEvent<AnyActorLogic, 'loadAccount'>
  | ErrorActorEvent<unknown, 'loadAccount'>;

type UserChangedEvent = { type: 'userChanged'; user: UserInfo | null };
export type SessionEmitted = NotifyEvent | NavigateEvent | ReloadEvent | UserChangedEvent;

export interface SessionInput {
  /** the user kept in local storage as userInfo, if any */
  storedUser: UserInfo | null;
}

const hasTwoFactor = (context: SessionContext) => context.user?.twoFactorEnabled === true;

const isActorLogic = (logic: unknown): logic is AnyActorLogic =>
  typeof logic === 'object' && logic !== null && typeof (logic as Partial<AnyActorLogic>).transition === 'function';

/** each form's rule (forms.ts), run once a submit */
const checks = formChecks<SessionContext, SessionEvent>({
  LOGIN: (event) => loginError(event.form),
  SUBMIT_CODE: (event) => codeError(event.code),
  REGISTER: (event) => registerError(event.form, event.inviteRequired),
});

const loggedOutForms = {
  LOGIN: checkedSubmit('login', '#session.loggedOut.loggingIn', 'keepLogin'),
  REGISTER: checkedSubmit('register', '#session.loggedOut.registering'),
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    fetchUser: provideMe<UserInfo>('session', 'fetchUser'),
    login: provideMe<UserInfo, LoginWithCode>('session', 'login'),
    register: provideMe<void, RegisterForm>('session', 'register'),
    logout: provideMe<void>('session', 'logout'),
    clearLocalData: provideMe<void>('session', 'clearLocalData'),
    /** the account's machine, provided with its actors: its code loads with the user page, not the first page */
    loadAccount: provideMe<AnyActorLogic>('session', 'loadAccount'),
  },
  delays: {
    logoutRedirectDelay: LOGOUT_REDIRECT_DELAY_MS,
  },
  guards: {
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
    isWrongCode: (_, params: { error: unknown }) => isApiError(params.error, STATUS_WRONG_TWO_FACTOR_CODE),
    isAttemptLimit: (_, params: { error: unknown }) => isApiError(params.error, STATUS_TWO_FACTOR_ATTEMPTS_LIMITED),
    isTwoFactorEnforced: (_, params: { error: unknown }) => isApiError(params.error, STATUS_TWO_FACTOR_NOT_ENABLED),
    isTwoFactorRequiredOfStoredUser: ({ context }, params: { error: unknown }) =>
      context.user !== null && isApiError(params.error, STATUS_TWO_FACTOR_NOT_ENABLED),
    hasStoredUser: ({ context }) => context.user !== null,
    isUnauthorizedOfStoredUser: ({ context }, params: { error: unknown }) =>
      context.user !== null && isUnauthorized(params.error),
    lacksTwoFactor: ({ context }) => !hasTwoFactor(context),
    formInvalid: checks.invalid,
    accountClosed: ({ context }) => context.account === null,
    // the account's request in flight (a password change, a deletion) is not cut short by signing out
    accountIdle: ({ context }) => context.account?.getSnapshot().hasTag('busy') !== true,
  },
  actions: {
    setUser: assign((_, params: { user: UserInfo }) => ({ user: params.user })),
    clearUser: assign({ user: null }),
    storeUser: emit(({ context }) => ({ type: 'userChanged' as const, user: context.user })),
    showFormError: assign((args, params: { form: SessionForm }) => ({
      formError: { form: params.form, message: checks.message(args) },
    })),
    clearFormError: assign({ formError: null }),
    showCodeError: assign((_, params: { message: string }) => ({
      formError: { form: 'code' as const, message: params.message },
    })),
    requireTwoFactor: assign({ twoFactorRequired: true }),
    settleTwoFactor: assign({ twoFactorRequired: false }),
    keepLogin: assign(({ event }) => {
      assertEvent(event, 'LOGIN');
      return { pendingLogin: event.form };
    }),
    forgetLogin: assign({ pendingLogin: null }),
    // the account's code loads once (then from the browser's cache): the machine spawns when it is there
    stopLoadingAccount: stopChild('loadAccount'),
    loadAccount: spawnChild('loadAccount', { id: 'loadAccount' }),
    openAccount: assign(({ context, spawn, self }, params: { logic: AnyActorLogic }) => ({
      // the account reports back to this session (AccountReport); what the loader's import gave is
      // checked, not trusted (it comes from a file fetched later, and a replayed path has data only)
      account: isActorLogic(params.logic)
        ? spawn(params.logic, { input: { user: context.user, session: self } })
        : null,
    })),
    // none open: a name no child has, so nothing stops
    stopAccount: stopChild(({ context }) => context.account ?? ''),
    forgetAccount: assign({ account: null }),
    notifyError: emit((_, params: { error: unknown }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: errorMessage(params.error),
    })),
    notifySuccess: emit((_, params: { message: string }) => ({
      type: 'notify' as const,
      severity: 'success' as const,
      message: params.message,
    })),
    navigate: emit((_, params: { to: string }) => ({ type: 'navigate' as const, to: params.to })),
    leaveFor: assign((_, params: { to: string | null }) => ({ leaveTo: params.to })),
    reload: emit(({ context }) => ({ type: 'reload' as const, to: context.leaveTo })),
  },
}).createMachine({
  description:
    'Who is signed in on this browser: sign-in (with the code of two-step sign-in), register, sign-out; while the user page is open, the account (profile, password, two-step sign-in, deletion) runs beside it and reports back.',
  id: 'session',
  context: ({ input }) => ({
    user: input.storedUser,
    formError: null,
    pendingLogin: null,
    twoFactorRequired: false,
    leaveTo: '/',
    account: null,
  }),
  initial: 'unknown',
  states: {
    unknown: {
      description: 'User info is loading; guarded pages show a spinner.',
      tags: ['busy'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: {
          target: 'loggedIn',
          actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, 'storeUser'],
        },
        onError: [
          {
            guard: { type: 'isUnauthorizedOfStoredUser', params: failure },
            description:
              'The session this device kept has ended (expired, or ended elsewhere): its local data is cleared as at logout.',
            target: 'clearingLocalData',
            actions: { type: 'leaveFor', params: { to: null } },
          },
          {
            guard: { type: 'isUnauthorized', params: failure },
            target: 'loggedOut',
            actions: ['clearUser', 'storeUser'],
          },
          {
            guard: { type: 'isTwoFactorRequiredOfStoredUser', params: failure },
            description:
              'The site enforces two-step sign-in and this user has not turned it on: signed in, led to turn it on.',
            target: 'loggedIn',
            actions: 'requireTwoFactor',
          },
          {
            guard: { type: 'isTwoFactorEnforced', params: failure },
            description: 'The same, but this browser does not know the user: signing in again tells who it is.',
            target: 'loggedOut',
            actions: ['clearUser', 'storeUser'],
          },
          {
            guard: 'hasStoredUser',
            description: 'Server unreachable: keep the stored user so nothing local is lost.',
            target: 'loggedIn',
            actions: { type: 'notifyError', params: failure },
          },
          { target: 'loggedOut', actions: { type: 'notifyError', params: failure } },
        ],
      },
    },
    loggedOut: {
      description: 'Nobody is signed in: the header shows 登录 and 注册.',
      tags: ['loggedOut'],
      initial: 'idle',
      on: { CLEAR_FORM_ERROR: { actions: 'clearFormError' } },
      states: {
        idle: { description: 'The 登录 / 注册 forms wait for the listener.', on: loggedOutForms },
        loggingIn: {
          description: '登录 was pressed: the email and password are being checked by the server.',
          tags: ['busy', 'loggingIn'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => context.pendingLogin!,
            onDone: {
              target: '#session.loggedIn',
              actions: [
                { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                'storeUser',
                'forgetLogin',
              ],
            },
            onError: [
              {
                guard: { type: 'isWrongCode', params: failure },
                description: 'This user has two-step sign-in on: the server wants the code too.',
                target: 'askingCode',
              },
              { target: 'idle', actions: [{ type: 'notifyError', params: failure }, 'forgetLogin'] },
            ],
          },
        },
        askingCode: {
          description: 'Email and password are kept; the form asks for the 6-digit code of the authenticator.',
          tags: ['askingCode'],
          on: {
            ...loggedOutForms,
            SUBMIT_CODE: checkedSubmit('code', 'checkingCode'),
            CANCEL_CODE: { target: 'idle', actions: ['forgetLogin', 'clearFormError'] },
          },
        },
        checkingCode: {
          description: 'The 6-digit code was sent (验证): the server checks it.',
          tags: ['busy', 'loggingIn', 'askingCode'],
          invoke: {
            id: 'loginWithCode',
            src: 'login',
            input: ({ context, event }) => {
              assertEvent(event, 'SUBMIT_CODE');
              return { ...context.pendingLogin!, twoFactorCode: normalCode(event.code) };
            },
            onDone: {
              target: '#session.loggedIn',
              actions: [
                { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                'storeUser',
                'forgetLogin',
              ],
            },
            onError: [
              {
                guard: { type: 'isWrongCode', params: failure },
                target: 'askingCode',
                actions: { type: 'showCodeError', params: { message: text.auth.twoFactorCodeWrong } },
              },
              {
                guard: { type: 'isAttemptLimit', params: failure },
                description: 'Too many wrong codes: the server says how long to wait.',
                target: 'askingCode',
                actions: { type: 'showCodeError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
              },
              { target: 'askingCode', actions: { type: 'notifyError', params: failure } },
            ],
          },
        },
        registering: {
          description: '注册 was pressed: the server creates the account.',
          tags: ['busy', 'registering'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              assertEvent(event, 'REGISTER');
              return event.form;
            },
            onDone: {
              target: 'registered',
              actions: { type: 'notifySuccess', params: { message: text.auth.registerSucceeded } },
            },
            onError: { target: 'idle', actions: { type: 'notifyError', params: failure } },
          },
        },
        registered: {
          tags: ['registered'],
          description: 'The account exists; the server does not log in on register, so the view goes to login.',
          on: loggedOutForms,
        },
      },
    },
    loggedIn: {
      description: 'Signed in: the header shows the nickname and 注销.',
      tags: ['loggedIn'],
      initial: 'idle',
      // the user page's account goes with the session that opened it
      exit: ['stopLoadingAccount', 'stopAccount', 'forgetAccount'],
      on: {
        SESSION_EXPIRED: {
          description: 'A call answered 902002: the session ended elsewhere; the device is cleared as at logout.',
          target: '#session.clearingLocalData',
          actions: { type: 'leaveFor', params: { to: null } },
        },
        TWO_FACTOR_REQUIRED: {
          guard: 'lacksTwoFactor',
          description:
            'A call answered 202000: the site enforces two-step sign-in (a late answer after turning it on is not heard).',
          actions: 'requireTwoFactor',
        },
        OPEN_ACCOUNT: {
          description: 'The user page opened: its account machine is loaded and spawned (an open one is kept).',
          guard: 'accountClosed',
          actions: ['stopLoadingAccount', 'loadAccount'],
        },
        'xstate.done.actor.loadAccount': {
          description:
            "The account's code is there: its machine starts with the signed-in user (a module that gave no machine starts nothing).",
          actions: { type: 'openAccount', params: ({ event }) => ({ logic: event.output }) },
        },
        'xstate.error.actor.loadAccount': {
          description: "The account's code could not load (offline before it was ever fetched): a toast says why.",
          actions: { type: 'notifyError', params: failure },
        },
        CLOSE_ACCOUNT: {
          description: 'The user page closed: its account machine is stopped.',
          actions: ['stopLoadingAccount', 'stopAccount', 'forgetAccount'],
        },
        USER_CHANGED: {
          description:
            'The account saved the profile or counted new recovery codes: the header and pages show the user as it now is.',
          actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.user }) }, 'storeUser'],
        },
        TWO_FACTOR_CHANGED: {
          description:
            'The account turned two-step sign-in on or off: the user as it now is, and a site that demanded it asks no more.',
          actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.user }) }, 'settleTwoFactor', 'storeUser'],
        },
      },
      states: {
        idle: {
          description: 'Signed in, nothing in progress: the user pages wait for the listener.',
          on: {
            LOGOUT: {
              guard: 'accountIdle',
              target: 'loggingOut',
              actions: [
                { type: 'leaveFor', params: { to: '/' } },
                { type: 'navigate', params: { to: '/user/logout' } },
              ],
            },
            SESSION_ENDED: {
              description:
                'The account says the server ended the session (password changed, 902002): the device is cleared as at logout.',
              target: '#session.clearingLocalData',
              actions: { type: 'leaveFor', params: ({ event }) => ({ to: event.leaveTo }) },
            },
            ACCOUNT_DELETED: {
              description: 'The account is gone (账号已删除 shows): the device is cleared as at logout, then home.',
              target: 'waitingToLeave',
              actions: { type: 'leaveFor', params: { to: '/' } },
            },
          },
        },
        loggingOut: {
          description: '注销 was chosen: the page shows 正在登出！ while the server ends the session.',
          tags: ['busy', 'loggingOut'],
          // the logout call's own 902002 is answered below, not as an expiry
          on: { SESSION_EXPIRED: {} },
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: {
              target: 'waitingToLeave',
              actions: { type: 'notifySuccess', params: { message: text.logout.succeeded } },
            },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: failure },
                description: 'The server had already ended the session: signed out all the same.',
                target: 'waitingToLeave',
                actions: { type: 'notifySuccess', params: { message: text.logout.succeeded } },
              },
              { target: 'idle', actions: { type: 'notifyError', params: failure } },
            ],
          },
        },
        waitingToLeave: {
          description:
            'Logged out on the server (or the account deleted); the toast shows for 2 s before local data is cleared.',
          tags: ['busy', 'loggingOut'],
          on: { SESSION_EXPIRED: {} },
          after: { logoutRedirectDelay: '#session.clearingLocalData' },
        },
      },
    },
    clearingLocalData: {
      description:
        'Every way a session ends (logout by button or address, account deleted, password changed, expiry seen at start or mid-use) ends here: removes userInfo, the queue and every local album and library record, then reloads.',
      tags: ['busy', 'loggingOut'],
      invoke: {
        id: 'clearLocalData',
        src: 'clearLocalData',
        onDone: { target: 'loggedOut', actions: ['clearUser', 'storeUser', 'reload'] },
        // A broken local store must not keep the user signed in locally: leave all the same.
        onError: {
          target: 'loggedOut',
          actions: [{ type: 'notifyError', params: failure }, 'clearUser', 'storeUser', 'reload'],
        },
      },
    },
  },
});

export type SessionRef = ActorRefFrom<typeof sessionMachine>;
