// Signing in and out, the user's profile and password, and the site's registration rules (docs/behaviour.md#sign-in-state).
export { sessionMachine, type SessionRef, type SessionTag } from './sessionMachine';
export { forgetStoredUser, startSession, startSite } from './start';
export { loginStateOf, siteInfoOf, twoFactorRequiredOf, userOf, type LoginState } from './selectors';
export { SessionProvider, useLoginState, useLogout, useRegistration, useSiteInfo, useTwoFactorRequired, useUser } from './context';
export { loginPathFor } from './returnPath';
