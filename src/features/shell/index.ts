// The installed app's shell (ours, beyond the original client; docs/architecture.md#8-routing-and-the-frame): offline banner and new-version prompt.
export { shellMachine, type ShellRef } from './shellMachine';
export { startShell } from './start';
export { isOffline } from './selectors';
export { ShellProvider } from './context';
export { OfflineBanner, UpdatePrompt } from './components/ShellNotices';
