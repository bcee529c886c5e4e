// Album infos through the device's copy (albumCache.ts), for features that name tracks by their
// identity alone (最近播放's plays) or build views with no network (主页): one batched request for
// what the device lacks, or only what it holds.
export { heldAlbumInfos, loadAlbumInfos } from './albumCache';
