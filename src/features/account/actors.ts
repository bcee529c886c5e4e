// The account's real actors over the user API (docs/architecture.md#2-a-feature-folder: factories over a
// service, given once with .provide()).
import { fromPromise } from 'xstate';
import type { ApiClient } from '@/services/api/client';
import * as userApi from '@/services/api/user';
import type {
  AccountDeletion,
  PasswordChangeRequest,
  RecoveryCodesRequest,
  TwoFactorSetup,
  UserInfo,
} from '@/shared/types';
import type { ProfileForm } from './forms';

export function defineAccountActors({ api }: { api: ApiClient }) {
  return {
    fetchUser: fromPromise<UserInfo, void>(() => userApi.getUserInfo(api)),
    updateProfile: fromPromise(({ input }: { input: ProfileForm }) => userApi.updateProfile(api, input)),
    changePassword: fromPromise(({ input }: { input: PasswordChangeRequest }) => userApi.changePassword(api, input)),
    enableTwoFactor: fromPromise(({ input }: { input: TwoFactorSetup }) => userApi.enableTwoFactor(api, input)),
    renewRecoveryCodes: fromPromise(({ input }: { input: RecoveryCodesRequest }) =>
      userApi.renewRecoveryCodes(api, input),
    ),
    disableTwoFactor: fromPromise(({ input }: { input: string }) => userApi.disableTwoFactor(api, input)),
    deleteAccount: fromPromise(({ input }: { input: AccountDeletion }) => userApi.deleteAccount(api, input)),
  };
}
