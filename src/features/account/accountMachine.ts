// The account of the signed-in user (docs/behaviour.md#sign-in-state): profile, password, two-step
// sign-in with its recovery codes, and deleting the account. The session spawns it while the user
// page is open and hears from it what changed, or that the session ended; I/O is done
// by injected actors, toasts are emitted.
import {
  assertEvent,
  assign,
  emit,
  sendTo,
  setup,
  type ActorRef,
  type ActorRefFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import { errorMessage, isApiError, isUnauthorized } from '@/services/api/errors';
import { codeError, normalCode, type AccountReport } from '@/features/session/session.public';
import {
  STATUS_TWO_FACTOR_ALREADY_ENABLED,
  STATUS_TWO_FACTOR_NOT_ENABLED,
  STATUS_WRONG_TWO_FACTOR_CODE,
} from '@/shared/constants';
import { checkedSubmit, failure, formChecks, provideMe } from '@/shared/machines';
import type { NotifyEvent } from '@/shared/effects';
import { text } from '@/shared/text';
import type {
  AccountDeletion,
  PasswordChangeRequest,
  RecoveryCodesRequest,
  TwoFactorSetup,
  UserInfo,
} from '@/shared/types';
import {
  deleteAccountError,
  enableTwoFactorError,
  passwordError,
  profileError,
  recoveryCodesError,
  type DeleteAccountForm,
  type PasswordForm,
  type ProfileForm,
} from './forms';

export type AccountForm = 'profile' | 'password' | 'twoFactor' | 'recoveryCodes' | 'deleteAccount';

/** what views ask of an account snapshot (hasTag), instead of naming its states */
export type AccountTag =
  | 'busy'
  | 'savingProfile'
  | 'changingPassword'
  | 'savingTwoFactor'
  | 'renewingRecoveryCodes'
  | 'deletingAccount';

/** who hears the account's reports: the session that spawned it */
type AccountListener = ActorRef<Snapshot<unknown>, AccountReport>;

export interface AccountContext {
  /** the session, told what changed (given in the input rather than read as the parent, so the
   * account's model paths walk it alone: null there, and a report goes to the account itself, which
   * takes no such event) */
  session: AccountListener | null;
  /** the signed-in user as the session had it when the page opened, kept as it changes here */
  user: UserInfo | null;
  /** a validation message (or the server's refusal), shown by the form it belongs to */
  formError: { form: AccountForm; message: string } | null;
  /** recovery codes the server just handed out: shown once, until the listener is done with them (never stored) */
  recoveryCodes: string[] | null;
}

export type AccountEvent =
  | { type: 'UPDATE_PROFILE'; form: ProfileForm }
  | { type: 'CHANGE_PASSWORD'; form: PasswordForm }
  | { type: 'ENABLE_TWO_FACTOR'; setup: TwoFactorSetup }
  | { type: 'DISABLE_TWO_FACTOR'; code: string }
  | { type: 'RENEW_RECOVERY_CODES'; form: RecoveryCodesRequest }
  | { type: 'DISMISS_RECOVERY_CODES' }
  | { type: 'DELETE_ACCOUNT'; form: DeleteAccountForm }
  | { type: 'CLEAR_FORM_ERROR' };

export interface AccountInput {
  user: UserInfo | null;
  session: AccountListener | null;
}

const hasTwoFactor = (context: AccountContext) => context.user?.twoFactorEnabled === true;

/** each form's rule (forms.ts), run once a submit */
const checks = formChecks<AccountContext, AccountEvent>({
  UPDATE_PROFILE: (event) => profileError(event.form),
  CHANGE_PASSWORD: (event, context) => passwordError(event.form, hasTwoFactor(context)),
  ENABLE_TWO_FACTOR: (event) => enableTwoFactorError(event.setup),
  DISABLE_TWO_FACTOR: (event) => codeError(event.code),
  RENEW_RECOVERY_CODES: (event) => recoveryCodesError(event.form),
  DELETE_ACCOUNT: (event, context) => deleteAccountError(event.form, hasTwoFactor(context)),
});

/** the code's answer given as it is (the form's code field is optional where two-step sign-in is off) */
const withCode = (code: string | undefined) => {
  const normal = code ? normalCode(code) : undefined;
  return normal ? { twoFactorCode: normal } : {};
};

/**
 * A call of the account answered 902002: the session ended elsewhere (password changed on another
 * device, expired). The session hears it, clears the device as at logout and reloads where it is.
 */
const sessionEnded = {
  guard: { type: 'isUnauthorized', params: failure },
  target: '#account.ended',
  actions: { type: 'endSession', params: { leaveTo: null } },
} as const;

/** a wrong code is the form's to say; anything else (too many codes, the server's refusal) too */
const codeFailure = (form: AccountForm) =>
  [
    sessionEnded,
    {
      guard: { type: 'isWrongCode', params: failure },
      target: 'idle',
      actions: { type: 'showError', params: { form, message: text.auth.twoFactorCodeWrong } },
    },
    {
      target: 'idle',
      actions: {
        type: 'showError',
        params: ({ event }: { event: { error: unknown } }) => ({ form, message: errorMessage(event.error) }),
      },
    },
  ] as const;

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    emitted: {} as NotifyEvent,
    input: {} as AccountInput,
    tags: {} as AccountTag,
  },
  actors: {
    fetchUser: provideMe<UserInfo>('account', 'fetchUser'),
    updateProfile: provideMe<void, ProfileForm>('account', 'updateProfile'),
    changePassword: provideMe<void, PasswordChangeRequest>('account', 'changePassword'),
    enableTwoFactor: provideMe<string[] | null, TwoFactorSetup>('account', 'enableTwoFactor'),
    renewRecoveryCodes: provideMe<string[], RecoveryCodesRequest>('account', 'renewRecoveryCodes'),
    disableTwoFactor: provideMe<void, string>('account', 'disableTwoFactor'),
    deleteAccount: provideMe<void, AccountDeletion>('account', 'deleteAccount'),
  },
  guards: {
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
    isWrongCode: (_, params: { error: unknown }) => isApiError(params.error, STATUS_WRONG_TWO_FACTOR_CODE),
    isTwoFactorOff: (_, params: { error: unknown }) => isApiError(params.error, STATUS_TWO_FACTOR_NOT_ENABLED),
    isTwoFactorAlreadyOn: (_, params: { error: unknown }) =>
      isApiError(params.error, STATUS_TWO_FACTOR_ALREADY_ENABLED),
    formInvalid: checks.invalid,
  },
  actions: {
    setUser: assign((_, params: { user: UserInfo }) => ({ user: params.user })),
    setTwoFactor: assign(({ context }, params: { on: boolean }) => {
      // off: its recovery codes went with it; on: counted by showRecoveryCodes when the server has them
      const off = params.on ? {} : { recoveryCodes: null };
      if (!context.user) return off;
      const { recoveryCodesLeft: _, ...user } = context.user;
      return { user: { ...user, twoFactorEnabled: params.on }, ...off };
    }),
    showRecoveryCodes: assign(({ context }, params: { codes: string[] | null }) =>
      // a server without recovery codes (anniv-go) answers null
      !params.codes?.length
        ? {}
        : {
            recoveryCodes: params.codes,
            user: context.user && { ...context.user, recoveryCodesLeft: params.codes.length },
          },
    ),
    forgetRecoveryCodes: assign({ recoveryCodes: null }),
    showFormError: assign((args, params: { form: AccountForm }) => ({
      formError: { form: params.form, message: checks.message(args) },
    })),
    clearFormError: assign({ formError: null }),
    showError: assign((_, params: { form: AccountForm; message: string }) => ({
      formError: { form: params.form, message: params.message },
    })),
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
    // what the session hears (its user record, its end)
    reportUser: sendTo(
      ({ context, self }) => context.session ?? self,
      ({ context }): AccountReport => ({ type: 'USER_CHANGED', user: context.user! }),
    ),
    reportTwoFactor: sendTo(
      ({ context, self }) => context.session ?? self,
      ({ context }): AccountReport => ({ type: 'TWO_FACTOR_CHANGED', user: context.user! }),
    ),
    endSession: sendTo(
      ({ context, self }) => context.session ?? self,
      (_, params: { leaveTo: string | null }): AccountReport => ({ type: 'SESSION_ENDED', leaveTo: params.leaveTo }),
    ),
    reportDeleted: sendTo(
      ({ context, self }) => context.session ?? self,
      (): AccountReport => ({ type: 'ACCOUNT_DELETED' }),
    ),
  },
}).createMachine({
  description:
    "The user page's account: profile, password, two-step sign-in with its recovery codes, and deleting the account.",
  id: 'account',
  context: ({ input }) => ({ session: input.session, user: input.user, formError: null, recoveryCodes: null }),
  initial: 'idle',
  on: {
    CLEAR_FORM_ERROR: {
      description:
        'The listener left the form: its message goes, and recovery codes shown (on 两步验证) are not shown again.',
      actions: ['clearFormError', 'forgetRecoveryCodes'],
    },
  },
  states: {
    idle: {
      description: 'Nothing in progress: the tabs of the user page wait for the listener.',
      on: {
        UPDATE_PROFILE: checkedSubmit('profile', 'updatingProfile'),
        CHANGE_PASSWORD: checkedSubmit('password', 'changingPassword'),
        ENABLE_TWO_FACTOR: checkedSubmit('twoFactor', 'enablingTwoFactor'),
        RENEW_RECOVERY_CODES: checkedSubmit('recoveryCodes', 'renewingRecoveryCodes', 'forgetRecoveryCodes'),
        DISMISS_RECOVERY_CODES: {
          description: '我已保存 was pressed under the recovery codes shown: they are not shown again.',
          actions: 'forgetRecoveryCodes',
        },
        DISABLE_TWO_FACTOR: checkedSubmit('twoFactor', 'disablingTwoFactor'),
        DELETE_ACCOUNT: checkedSubmit('deleteAccount', 'deletingAccount'),
      },
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
        onError: [sessionEnded, { target: 'idle', actions: { type: 'notifyError', params: failure } }],
      },
    },
    refreshingUser: {
      description:
        'The profile was saved: the user info is read again, so the header and forms show the new nickname and avatar.',
      tags: ['busy', 'savingProfile'],
      invoke: {
        id: 'refreshUser',
        src: 'fetchUser',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            'reportUser',
            { type: 'notifySuccess', params: { message: text.user.profileSaved } },
          ],
        },
        onError: [sessionEnded, { target: 'idle', actions: { type: 'notifyError', params: failure } }],
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
          return {
            oldPassword: event.form.oldPassword,
            newPassword: event.form.newPassword,
            ...withCode(event.form.twoFactorCode),
          };
        },
        onDone: {
          description:
            'The server ended every session of the user: the session clears the device as at logout, then the login page.',
          target: 'ended',
          actions: { type: 'endSession', params: { leaveTo: '/user/login' } },
        },
        onError: [
          sessionEnded,
          {
            guard: { type: 'isWrongCode', params: failure },
            target: 'idle',
            actions: { type: 'showError', params: { form: 'password', message: text.auth.twoFactorCodeWrong } },
          },
          { target: 'idle', actions: { type: 'notifyError', params: failure } },
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
            'reportTwoFactor',
            { type: 'notifySuccess', params: { message: text.user.twoFactorEnabled } },
          ],
        },
        onError: [
          {
            guard: { type: 'isTwoFactorAlreadyOn', params: failure },
            description: 'Turned on elsewhere meanwhile: it is on.',
            target: 'idle',
            actions: [
              { type: 'setTwoFactor', params: { on: true } },
              'reportTwoFactor',
              { type: 'notifySuccess', params: { message: text.user.twoFactorEnabled } },
            ],
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
          actions: [
            { type: 'setTwoFactor', params: { on: false } },
            'reportTwoFactor',
            { type: 'notifySuccess', params: { message: text.user.twoFactorDisabled } },
          ],
        },
        onError: [
          {
            guard: { type: 'isTwoFactorOff', params: failure },
            description: 'It was off already (202000 "2fa is not enabled").',
            target: 'idle',
            actions: [{ type: 'setTwoFactor', params: { on: false } }, 'reportTwoFactor'],
          },
          ...codeFailure('twoFactor'),
        ],
      },
    },
    renewingRecoveryCodes: {
      description:
        '生成新的恢复码 was pressed: the server checks the password and the code, and hands out new codes (the old ones stop working).',
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
            'reportUser',
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
          return { password: event.form.password, ...withCode(event.form.twoFactorCode) };
        },
        onDone: {
          description: 'The account is gone (账号已删除): the session clears the device as at logout.',
          target: 'ended',
          actions: [{ type: 'notifySuccess', params: { message: text.user.accountDeleted } }, 'reportDeleted'],
        },
        onError: codeFailure('deleteAccount'),
      },
    },
    ended: {
      description:
        'The password changed, the account was deleted, or the server ended the session: the session signs out; nothing more is sent.',
      tags: ['busy'],
      type: 'final',
    },
  },
});

export type AccountRef = ActorRefFrom<typeof accountMachine>;
export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;
