// 定时关闭, the sleep timer (ours, beyond the original client; docs/behaviour.md#sleep-timer): its
// machine, its actor (loaded after the first page) and its button for the player bar and /now.
export { SleepTimerProvider } from './context';
