// Signing in and out, and the site's registration rules (docs/behaviour.md#sign-in-state); the user's
// account (profile, password, two-step sign-in, deletion) is features/account, spawned by the session.
export { forgetStoredUser, startSession, startSite } from './start';
export { loginStateOf, siteInfoOf, twoFactorRequiredOf, userOf } from './selectors';
export {
  SessionProvider,
  useLoginState,
  useLogout,
  useRegistration,
  useSession,
  useSiteInfo,
  useTwoFactorOffered,
  useTwoFactorRequired,
  useUser,
} from './context';
export { loginPathFor } from './returnPath';
