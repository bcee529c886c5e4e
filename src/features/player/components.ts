// The player's views other features' (lazy) pages render: every track list's controls. Kept apart
// from index.ts so they load with those pages, not with the first page.
export { PlayAllButton, PlayButton } from './components/PlayButtons';
export { TrackMenu } from './components/TrackMenu';
export { PlayableTracks } from './components/PlayableTracks';
