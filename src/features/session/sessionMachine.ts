// The login state (docs/behaviour.md#sign-in-state): unknown → loggedIn / loggedOut, with every flow that changes it.
// I/O is done by injected actors; toasts, URL changes and storage writes are emitted (effects.ts).
import { assertEvent, assign, emit, setup, type ActorRefFrom } from 'xstate';
import { failure, provideMe } from '@/shared/machines';
import type { RecoveryCodesRequest, TwoFactorSetup, UserInfo } from '@/shared/types';
import {
  LOGOUT_REDIRECT_DELAY_MS,
  STATUS_TWO_FACTOR_ALREADY_ENABLED,
  STATUS_TWO_FACTOR_ATTEMPTS_LIMITED,
  STATUS_TWO_FACTOR_NOT_ENABLED,
  STATUS_WRONG_TWO_FACTOR_CODE,
} from '@/shared/constants';
import { errorMessage, isApiError, isUnauthorized } from '@/services/api/errors';
import { text } from '@/shared/text';
import type { NavigateEvent, NotifyEvent, ReloadEvent } from '@/shared/effects';
import {
  codeError,
  deleteAccountError,
  enableTwoFactorError,
  loginError,
  normalCode,
  passwordError,
  profileError,
  recoveryCodesError,
  registerError,
  type DeleteAccountForm,
  type LoginForm,
  type LoginWithCode,
  type PasswordForm,
  type ProfileForm,
  type RegisterForm,
} from './forms';

export type SessionForm = 'login' | 'code' | 'register' | 'profile' | 'password' | 'twoFactor' | 'recoveryCodes' | 'deleteAccount';

/** what views ask of a session snapshot (hasTag), instead of naming its states */
export type SessionTag =
  | 'busy'
  | 'loggedIn'
  | 'loggedOut'
  | 'loggingIn'
  | 'askingCode'
  | 'registering'
  | 'registered'
  | 'savingProfile'
  | 'changingPassword'
  | 'savingTwoFactor'
  | 'renewingRecoveryCodes'
  | 'deletingAccount'
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
  /** recovery codes the server just handed out: shown once, until the listener is done with them (never stored) */
  recoveryCodes: string[] | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; form: LoginForm }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'CANCEL_CODE' }
  | { type: 'REGISTER'; form: RegisterForm; inviteRequired: boolean }
  | { type: 'LOGOUT' }
  | { type: 'UPDATE_PROFILE'; form: ProfileForm }
  | { type: 'CHANGE_PASSWORD'; form: PasswordForm }
  | { type: 'ENABLE_TWO_FACTOR'; setup: TwoFactorSetup }
  | { type: 'DISABLE_TWO_FACTOR'; code: string }
  | { type: 'RENEW_RECOVERY_CODES'; form: RecoveryCodesRequest }
  | { type: 'DISMISS_RECOVERY_CODES' }
  | { type: 'DELETE_ACCOUNT'; form: DeleteAccountForm }
  | { type: 'TWO_FACTOR_REQUIRED' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'CLEAR_FORM_ERROR' };

export type UserChangedEvent = { type: 'userChanged'; user: UserInfo | null };
export type SessionEmitted = NotifyEvent | NavigateEvent | ReloadEvent | UserChangedEvent;

export interface SessionInput {
  /** the user kept in local storage as userInfo, if any */
  storedUser: UserInfo | null;
}


const hasTwoFactor = (context: SessionContext) => context.user?.twoFactorEnabled === true;

/**
 * A call of a signed-in page answered 902002: the session ended elsewhere (password changed on
 * another device, expired). The device is cleared as at logout and the page reloads where it is
 * (a guarded page then asks to sign in again and comes back).
 */
const sessionEnded = {
  guard: { type: 'isUnauthorized', params: failure },
  target: '#session.clearingLocalData',
  actions: { type: 'leaveFor', params: { to: null } },
} as const;

/** a wrong code is the form's to say; anything else (too many codes, the server's refusal) too */
const codeFailure = (form: SessionForm) => [
  sessionEnded,
  { guard: { type: 'isWrongCode', params: failure }, target: 'idle', actions: { type: 'showError', params: { form, message: text.auth.twoFactorCodeWrong } } },
  { target: 'idle', actions: { type: 'showError', params: ({ event }: { event: { error: unknown } }) => ({ form, message: errorMessage(event.error) }) } },
] as const;

const loggedOutForms = {
  LOGIN: [
    { guard: 'loginFormInvalid', actions: 'showFormError' },
    { target: '#session.loggedOut.loggingIn', actions: ['clearFormError', 'keepLogin'] },
  ],
  REGISTER: [
    { guard: 'registerFormInvalid', actions: 'showFormError' },
    { target: '#session.loggedOut.registering', actions: 'clearFormError' },
  ],
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
    updateProfile: provideMe<void, ProfileForm>('session', 'updateProfile'),
    changePassword: provideMe<void, { oldPassword: string; newPassword: string; twoFactorCode?: string }>('session', 'changePassword'),
    enableTwoFactor: provideMe<string[] | null, TwoFactorSetup>('session', 'enableTwoFactor'),
    renewRecoveryCodes: provideMe<string[], RecoveryCodesRequest>('session', 'renewRecoveryCodes'),
    disableTwoFactor: provideMe<void, string>('session', 'disableTwoFactor'),
    deleteAccount: provideMe<void, { password: string; twoFactorCode?: string }>('session', 'deleteAccount'),
    clearLocalData: provideMe<void>('session', 'clearLocalData'),
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
    isTwoFactorAlreadyOn: (_, params: { error: unknown }) => isApiError(params.error, STATUS_TWO_FACTOR_ALREADY_ENABLED),
    enableFormInvalid: ({ event }) => {
      assertEvent(event, 'ENABLE_TWO_FACTOR');
      return enableTwoFactorError(event.setup) !== null;
    },
    renewFormInvalid: ({ event }) => {
      assertEvent(event, 'RENEW_RECOVERY_CODES');
      return recoveryCodesError(event.form) !== null;
    },
    disableCodeInvalid: ({ event }) => {
      assertEvent(event, 'DISABLE_TWO_FACTOR');
      return codeError(event.code) !== null;
    },
    deleteFormInvalid: ({ context, event }) => {
      assertEvent(event, 'DELETE_ACCOUNT');
      return deleteAccountError(event.form, hasTwoFactor(context)) !== null;
    },
    codeInvalid: ({ event }) => {
      assertEvent(event, 'SUBMIT_CODE');
      return codeError(event.code) !== null;
    },
    hasStoredUser: ({ context }) => context.user !== null,
    isUnauthorizedOfStoredUser: ({ context }, params: { error: unknown }) => context.user !== null && isUnauthorized(params.error),
    lacksTwoFactor: ({ context }) => !hasTwoFactor(context),
    loginFormInvalid: ({ event }) => {
      assertEvent(event, 'LOGIN');
      return loginError(event.form) !== null;
    },
    registerFormInvalid: ({ event }) => {
      assertEvent(event, 'REGISTER');
      return registerError(event.form, event.inviteRequired) !== null;
    },
    profileFormInvalid: ({ event }) => {
      assertEvent(event, 'UPDATE_PROFILE');
      return profileError(event.form) !== null;
    },
    passwordFormInvalid: ({ context, event }) => {
      assertEvent(event, 'CHANGE_PASSWORD');
      return passwordError(event.form, hasTwoFactor(context)) !== null;
    },
  },
  actions: {
    setUser: assign((_, params: { user: UserInfo }) => ({ user: params.user })),
    clearUser: assign({ user: null, recoveryCodes: null }),
    storeUser: emit(({ context }) => ({ type: 'userChanged' as const, user: context.user })),
    showFormError: assign({
      formError: ({ context, event }) => {
        switch (event.type) {
          case 'LOGIN':
            return { form: 'login' as const, message: loginError(event.form) ?? '' };
          case 'SUBMIT_CODE':
            return { form: 'code' as const, message: codeError(event.code) ?? '' };
          case 'REGISTER':
            return { form: 'register' as const, message: registerError(event.form, event.inviteRequired) ?? '' };
          case 'UPDATE_PROFILE':
            return { form: 'profile' as const, message: profileError(event.form) ?? '' };
          case 'CHANGE_PASSWORD':
            return { form: 'password' as const, message: passwordError(event.form, hasTwoFactor(context)) ?? '' };
          case 'ENABLE_TWO_FACTOR':
            return { form: 'twoFactor' as const, message: enableTwoFactorError(event.setup) ?? '' };
          case 'RENEW_RECOVERY_CODES':
            return { form: 'recoveryCodes' as const, message: recoveryCodesError(event.form) ?? '' };
          case 'DISABLE_TWO_FACTOR':
            return { form: 'twoFactor' as const, message: codeError(event.code) ?? '' };
          case 'DELETE_ACCOUNT':
            return { form: 'deleteAccount' as const, message: deleteAccountError(event.form, hasTwoFactor(context)) ?? '' };
          default:
            return null;
        }
      },
    }),
    clearFormError: assign({ formError: null }),
    showCodeError: assign((_, params: { message: string }) => ({ formError: { form: 'code' as const, message: params.message } })),
    showError: assign((_, params: { form: SessionForm; message: string }) => ({ formError: { form: params.form, message: params.message } })),
    setTwoFactor: assign(({ context }, params: { on: boolean }) => {
      // off: its recovery codes went with it; on: counted by showRecoveryCodes when the server has them
      const off = params.on ? {} : { recoveryCodes: null };
      if (!context.user) return { twoFactorRequired: false, ...off };
      const { recoveryCodesLeft: _, ...user } = context.user;
      return { user: { ...user, twoFactorEnabled: params.on }, twoFactorRequired: false, ...off };
    }),
    showRecoveryCodes: assign(({ context }, params: { codes: string[] | null }) =>
      // a server without recovery codes (anniv-go) answers null
      !params.codes?.length
        ? {}
        : { recoveryCodes: params.codes, user: context.user && { ...context.user, recoveryCodesLeft: params.codes.length } },
    ),
    forgetRecoveryCodes: assign({ recoveryCodes: null }),
    requireTwoFactor: assign({ twoFactorRequired: true }),
    keepLogin: assign(({ event }) => {
      assertEvent(event, 'LOGIN');
      return { pendingLogin: event.form };
    }),
    forgetLogin: assign({ pendingLogin: null }),
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
  description: 'Who is signed in on this browser, and every flow that changes it (sign-in, register, profile, password, two-step sign-in, sign-out).',
  id: 'session',
  context: ({ input }) => ({ user: input.storedUser, formError: null, pendingLogin: null, twoFactorRequired: false, leaveTo: '/', recoveryCodes: null }),
  initial: 'unknown',
  states: {
    unknown: {
      description: 'User info is loading; guarded pages show a spinner.',
      tags: ['busy'],
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: { target: 'loggedIn', actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, 'storeUser'] },
        onError: [
          {
            guard: { type: 'isUnauthorizedOfStoredUser', params: failure },
            description: 'The session this device kept has ended (expired, or ended elsewhere): its local data is cleared as at logout.',
            target: 'clearingLocalData',
            actions: { type: 'leaveFor', params: { to: null } },
          },
          { guard: { type: 'isUnauthorized', params: failure }, target: 'loggedOut', actions: ['clearUser', 'storeUser'] },
          {
            guard: { type: 'isTwoFactorRequiredOfStoredUser', params: failure },
            description: 'The site enforces two-step sign-in and this user has not turned it on: signed in, led to turn it on.',
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
            onDone: { target: '#session.loggedIn', actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, 'storeUser', 'forgetLogin'] },
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
            SUBMIT_CODE: [
              { guard: 'codeInvalid', actions: 'showFormError' },
              { target: 'checkingCode', actions: 'clearFormError' },
            ],
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
            onDone: { target: '#session.loggedIn', actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, 'storeUser', 'forgetLogin'] },
            onError: [
              { guard: { type: 'isWrongCode', params: failure }, target: 'askingCode', actions: { type: 'showCodeError', params: { message: text.auth.twoFactorCodeWrong } } },
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
      on: {
        SESSION_EXPIRED: {
          description: 'A call answered 902002: the session ended elsewhere; the device is cleared as at logout.',
          target: '#session.clearingLocalData',
          actions: { type: 'leaveFor', params: { to: null } },
        },
        TWO_FACTOR_REQUIRED: {
          guard: 'lacksTwoFactor',
          description: 'A call answered 202000: the site enforces two-step sign-in (a late answer after turning it on is not heard).',
          actions: 'requireTwoFactor',
        },
        CLEAR_FORM_ERROR: {
          description: 'The listener left the form: its message goes, and recovery codes shown (on 两步验证) are not shown again.',
          actions: ['clearFormError', 'forgetRecoveryCodes'],
        },
      },
      states: {
        idle: {
          description: 'Signed in, nothing in progress: the user pages wait for the listener.',
          on: {
            LOGOUT: { target: 'loggingOut', actions: [{ type: 'leaveFor', params: { to: '/' } }, { type: 'navigate', params: { to: '/user/logout' } }] },
            UPDATE_PROFILE: [
              { guard: 'profileFormInvalid', actions: 'showFormError' },
              { target: 'updatingProfile', actions: 'clearFormError' },
            ],
            CHANGE_PASSWORD: [
              { guard: 'passwordFormInvalid', actions: 'showFormError' },
              { target: 'changingPassword', actions: 'clearFormError' },
            ],
            ENABLE_TWO_FACTOR: [
              { guard: 'enableFormInvalid', actions: 'showFormError' },
              { target: 'enablingTwoFactor', actions: 'clearFormError' },
            ],
            RENEW_RECOVERY_CODES: [
              { guard: 'renewFormInvalid', actions: 'showFormError' },
              { target: 'renewingRecoveryCodes', actions: ['clearFormError', 'forgetRecoveryCodes'] },
            ],
            DISMISS_RECOVERY_CODES: {
              description: '我已保存 was pressed under the recovery codes shown: they are not shown again.',
              actions: 'forgetRecoveryCodes',
            },
            DISABLE_TWO_FACTOR: [
              { guard: 'disableCodeInvalid', actions: 'showFormError' },
              { target: 'disablingTwoFactor', actions: 'clearFormError' },
            ],
            DELETE_ACCOUNT: [
              { guard: 'deleteFormInvalid', actions: 'showFormError' },
              { target: 'deletingAccount', actions: 'clearFormError' },
            ],
          },
        },
        enablingTwoFactor: {
          description: '确认开启 was pressed: the server checks the password and the code and turns two-step sign-in on.',
          tags: ['busy', 'savingTwoFactor'],
          invoke: {
            id: 'enableTwoFactor',
            src: 'enableTwoFactor',
            input: ({ event }) => {
              assertEvent(event, 'ENABLE_TWO_FACTOR');
              return { secret: event.setup.secret, code: normalCode(event.setup.code), password: event.setup.password };
            },
            onDone: {
              description: 'On: the recovery codes it answers (none from a server without them) are shown once.',
              target: 'idle',
              actions: [
                { type: 'setTwoFactor', params: { on: true } },
                { type: 'showRecoveryCodes', params: ({ event }) => ({ codes: event.output }) },
                'storeUser',
                { type: 'notifySuccess', params: { message: text.user.twoFactorEnabled } },
              ],
            },
            onError: [
              {
                guard: { type: 'isTwoFactorAlreadyOn', params: failure },
                description: 'Turned on elsewhere meanwhile: it is on.',
                target: 'idle',
                actions: [{ type: 'setTwoFactor', params: { on: true } }, 'storeUser', { type: 'notifySuccess', params: { message: text.user.twoFactorEnabled } }],
              },
              ...codeFailure('twoFactor'),
            ],
          },
        },
        disablingTwoFactor: {
          description: '关闭两步验证 was pressed: the server checks the code and turns two-step sign-in off.',
          tags: ['busy', 'savingTwoFactor'],
          invoke: {
            id: 'disableTwoFactor',
            src: 'disableTwoFactor',
            input: ({ event }) => {
              assertEvent(event, 'DISABLE_TWO_FACTOR');
              return normalCode(event.code);
            },
            onDone: {
              target: 'idle',
              actions: [{ type: 'setTwoFactor', params: { on: false } }, 'storeUser', { type: 'notifySuccess', params: { message: text.user.twoFactorDisabled } }],
            },
            onError: [
              {
                guard: { type: 'isTwoFactorEnforced', params: failure },
                description: 'It was off already (202000 "2fa is not enabled").',
                target: 'idle',
                actions: [{ type: 'setTwoFactor', params: { on: false } }, 'storeUser'],
              },
              ...codeFailure('twoFactor'),
            ],
          },
        },
        renewingRecoveryCodes: {
          description: '生成新的恢复码 was pressed: the server checks the password and the code, and hands out new codes (the old ones stop working).',
          tags: ['busy', 'renewingRecoveryCodes'],
          invoke: {
            id: 'renewRecoveryCodes',
            src: 'renewRecoveryCodes',
            input: ({ event }) => {
              assertEvent(event, 'RENEW_RECOVERY_CODES');
              return { password: event.form.password, code: normalCode(event.form.code) };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'showRecoveryCodes', params: ({ event }) => ({ codes: event.output }) },
                'storeUser',
                { type: 'notifySuccess', params: { message: text.user.recoveryCodesRenewed } },
              ],
            },
            onError: codeFailure('recoveryCodes'),
          },
        },
        deletingAccount: {
          description: '确认删除 was pressed: the server deletes the account.',
          tags: ['busy', 'deletingAccount'],
          invoke: {
            id: 'deleteAccount',
            src: 'deleteAccount',
            input: ({ event }) => {
              assertEvent(event, 'DELETE_ACCOUNT');
              const code = event.form.twoFactorCode ? normalCode(event.form.twoFactorCode) : undefined;
              return { password: event.form.password, ...(code ? { twoFactorCode: code } : {}) };
            },
            onDone: {
              description: 'The account is gone: the device is cleared as at logout.',
              target: 'waitingToLeave',
              actions: [{ type: 'leaveFor', params: { to: '/' } }, { type: 'notifySuccess', params: { message: text.user.accountDeleted } }],
            },
            onError: codeFailure('deleteAccount'),
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
          description: 'Logged out on the server; the 登出成功 toast shows for 2 s before local data is cleared.',
          tags: ['busy', 'loggingOut'],
          on: { SESSION_EXPIRED: {} },
          after: { logoutRedirectDelay: '#session.clearingLocalData' },
        },
        updatingProfile: {
          description: '确认修改 was pressed on 个人信息: the server saves the nickname and avatar.',
          tags: ['busy', 'savingProfile'],
          invoke: {
            id: 'updateProfile',
            src: 'updateProfile',
            input: ({ event }) => {
              assertEvent(event, 'UPDATE_PROFILE');
              return event.form;
            },
            onDone: 'refreshingUser',
            onError: [
              sessionEnded,
              { target: 'idle', actions: { type: 'notifyError', params: failure } },
            ],
          },
        },
        refreshingUser: {
          description: 'The profile was saved: the user info is read again, so the header and forms show the new nickname and avatar.',
          tags: ['busy', 'savingProfile'],
          invoke: {
            id: 'refreshUser',
            src: 'fetchUser',
            onDone: {
              target: 'idle',
              actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, 'storeUser', { type: 'notifySuccess', params: { message: text.user.profileSaved } }],
            },
            onError: [
              sessionEnded,
              { target: 'idle', actions: { type: 'notifyError', params: failure } },
            ],
          },
        },
        changingPassword: {
          description: '确认修改 was pressed on 密码: the server changes the password.',
          tags: ['busy', 'changingPassword'],
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ event }) => {
              assertEvent(event, 'CHANGE_PASSWORD');
              const code = event.form.twoFactorCode ? normalCode(event.form.twoFactorCode) : undefined;
              return { oldPassword: event.form.oldPassword, newPassword: event.form.newPassword, ...(code ? { twoFactorCode: code } : {}) };
            },
            onDone: {
              description: 'The server ended every session of the user: the device is cleared as at logout, then the login page.',
              target: '#session.clearingLocalData',
              actions: { type: 'leaveFor', params: { to: '/user/login' } },
            },
            onError: [
              sessionEnded,
              { guard: { type: 'isWrongCode', params: failure }, target: 'idle', actions: { type: 'showError', params: { form: 'password', message: text.auth.twoFactorCodeWrong } } },
              { target: 'idle', actions: { type: 'notifyError', params: failure } },
            ],
          },
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
        onError: { target: 'loggedOut', actions: [{ type: 'notifyError', params: failure }, 'clearUser', 'storeUser', 'reload'] },
      },
    },
  },
});

export type SessionRef = ActorRefFrom<typeof sessionMachine>;
