// Browsing (docs/behaviour.md#library-pages, #album-page, #other-pages, #tags): a library's albums, album detail, tags and search. The app routes to
// the pages lazily by path and provides the loads once; other features' album walls use them too.
export { defineBrowseLoads } from './actors';
export { BrowseProvider, useBrowse } from './context';
