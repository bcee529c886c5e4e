// The route table (docs/behaviour.md#routes-and-the-guard) as plain data. routes.tsx renders it; the build reads it too
// (build/routePages.ts) to write, for each route, a copy of index.html that names every
// file the route's page needs, so the browser fetches them together with the app's entry instead
// of one round after another. No React here: the build's Node side imports this file.

/** the code-split pages: name → source file (the build finds each one's chunk by this path) */
export const LAZY_PAGES = {
  LoginPage: 'src/features/session/pages/LoginPage.tsx',
  RegisterPage: 'src/features/session/pages/RegisterPage.tsx',
  LogoutPage: 'src/features/session/pages/LogoutPage.tsx',
  UserPage: 'src/features/account/pages/UserPage.tsx',
  LibraryPage: 'src/features/library/pages/LibraryPage.tsx',
  AlbumListPage: 'src/features/browse/pages/AlbumListPage.tsx',
  AlbumPage: 'src/features/browse/pages/AlbumPage.tsx',
  TagsPage: 'src/features/browse/pages/TagsPage.tsx',
  TagPage: 'src/features/browse/pages/TagPage.tsx',
  SearchPage: 'src/features/browse/pages/SearchPage.tsx',
  QueuePage: 'src/features/player/pages/QueuePage.tsx',
  NowPage: 'src/features/player/pages/NowPage.tsx',
  FavTracksPage: 'src/features/favourites/pages/FavTracksPage.tsx',
  FavAlbumsPage: 'src/features/favourites/pages/FavAlbumsPage.tsx',
  FavPlaylistsPage: 'src/features/favourites/pages/FavPlaylistsPage.tsx',
  PlaylistsPage: 'src/features/playlists/pages/PlaylistsPage.tsx',
  PlaylistPage: 'src/features/playlists/pages/PlaylistPage.tsx',
  ListenerPage: 'src/features/playlists/pages/ListenerPage.tsx',
  SharedPage: 'src/features/share/pages/SharedPage.tsx',
  MySharesPage: 'src/features/share/pages/MySharesPage.tsx',
  HistoryPage: 'src/features/listening/pages/HistoryPage.tsx',
  StatsPage: 'src/features/listening/pages/StatsPage.tsx',
  SmartListsPage: 'src/features/smartLists/pages/SmartListsPage.tsx',
  SmartListPage: 'src/features/smartLists/pages/SmartListPage.tsx',
} as const;

export type LazyPageName = keyof typeof LAZY_PAGES;
/** HomePage is in the first page's bundle */
export type PageName = LazyPageName | 'HomePage';

export interface RouteSpec {
  /** static segments and `:name` segments, as wouter reads them */
  path: string;
  page: PageName;
  guarded: boolean;
}

export const ROUTE_TABLE: readonly RouteSpec[] = [
  { path: '/', page: 'HomePage', guarded: false },
  { path: '/user/login', page: 'LoginPage', guarded: false },
  { path: '/user/register', page: 'RegisterPage', guarded: false },
  { path: '/user/logout', page: 'LogoutPage', guarded: false },
  { path: '/user/index', page: 'UserPage', guarded: true },
  { path: '/library', page: 'LibraryPage', guarded: true },
  { path: '/album/list', page: 'AlbumListPage', guarded: true },
  { path: '/album/:id', page: 'AlbumPage', guarded: true },
  // without an id the album page says 请指定专辑 ID
  { path: '/album', page: 'AlbumPage', guarded: true },
  { path: '/album/', page: 'AlbumPage', guarded: true },
  { path: '/tags', page: 'TagsPage', guarded: true },
  { path: '/tag/:tag', page: 'TagPage', guarded: true },
  { path: '/search', page: 'SearchPage', guarded: true },
  { path: '/queue', page: 'QueuePage', guarded: false },
  { path: '/now', page: 'NowPage', guarded: true },
  { path: '/fav', page: 'FavTracksPage', guarded: true },
  { path: '/fav/albums', page: 'FavAlbumsPage', guarded: true },
  { path: '/fav/playlists', page: 'FavPlaylistsPage', guarded: true },
  { path: '/playlist', page: 'PlaylistsPage', guarded: true },
  { path: '/playlist/:id', page: 'PlaylistPage', guarded: true },
  { path: '/listener/:id', page: 'ListenerPage', guarded: true },
  { path: '/s/:id', page: 'SharedPage', guarded: false },
  // without an id the shared page says 请指定分享 ID
  { path: '/s', page: 'SharedPage', guarded: false },
  { path: '/s/', page: 'SharedPage', guarded: false },
  { path: '/shares', page: 'MySharesPage', guarded: true },
  { path: '/history', page: 'HistoryPage', guarded: true },
  { path: '/stats', page: 'StatsPage', guarded: true },
  { path: '/smart', page: 'SmartListsPage', guarded: true },
  { path: '/smart/:id', page: 'SmartListPage', guarded: true },
];

/** a route path as a whole-path pattern (`:name` = one segment); server/routePaths.ts has the same, tested to agree */
export function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}
