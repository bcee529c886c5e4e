// 音效, the sound settings of this device (ours, beyond the original client; docs/behaviour.md#sound):
// its machine, its actor (loaded after the first page) and its panel for the player bar, /now and 设置.
export { SoundProvider } from './context';
