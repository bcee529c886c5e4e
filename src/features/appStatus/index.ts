// The app status (ours, beyond the original client; docs/architecture.md#8-routing-and-the-frame): offline banner and new-version prompt.
export { startAppStatus } from './start';
export { isOffline } from './selectors';
export { AppStatusProvider } from './context';
export { OfflineBanner, UpdatePrompt } from './components/AppStatusNotices';
