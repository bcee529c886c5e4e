// Browsing (spec 2.6–2.8, 4.5): a library's albums, album detail, tags and search. Pages only: the
// app routes to them lazily by path; the loads are provided once by the app.
export { defineBrowseLoads, type BrowseLoads } from './loads';
export { BrowseProvider } from './context';
