// The play buttons alone, for pages that need no row menus (the shared page, whose first load a
// visitor waits for): importing them from here does not bring Mantine's menus along.
export { PlayAllButton, PlayButton } from './components/PlayButtons';
