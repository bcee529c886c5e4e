// 智能歌单 (docs/behaviour.md#smart-playlists): lists made of rules, kept per account on the device. The
// app creates the feature with its first page.
export { SmartListsProvider } from './context';
