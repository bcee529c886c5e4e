// The installed app's shell (beyond the spec, issue 15.5): offline banner and new-version prompt.
export { shellMachine, type ShellRef } from './shellMachine';
export { startShell } from './start';
export { isOffline } from './selectors';
export { ShellProvider } from './context';
export { OfflineBanner, UpdatePrompt } from './components/ShellNotices';
