// Album infos through the device's copy (albumCache.ts), for features that name tracks by their
// identity alone (最近播放's plays): one batched request for what the device lacks.
export { loadAlbumInfos } from './albumCache';
