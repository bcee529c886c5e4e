// The route table of spec 2.1. Pages are code-split; guarded routes need a logged-in user.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Guard } from './Guard';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { PageSpinner } from '@/ui/PageSpinner';
import { HomePage } from '@/app/pages/HomePage';
import { NotFoundPage } from '@/app/pages/NotFoundPage';

/** the loaders of lazy pages, so the page of the first URL can be loaded before the app renders */
const loaders = new Map<ComponentType | LazyExoticComponent<ComponentType>, () => Promise<unknown>>();

function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const page = lazy(load);
  loaders.set(page, load);
  return page;
}

const LoginPage = lazyPage(() => import('@/features/session/pages/LoginPage'));
const RegisterPage = lazyPage(() => import('@/features/session/pages/RegisterPage'));
const LogoutPage = lazyPage(() => import('@/features/session/pages/LogoutPage'));
const UserPage = lazyPage(() => import('@/features/session/pages/UserPage'));
const LibraryPage = lazyPage(() => import('@/features/library/pages/LibraryPage'));
const AlbumListPage = lazyPage(() => import('@/features/browse/pages/AlbumListPage'));
const AlbumPage = lazyPage(() => import('@/features/browse/pages/AlbumPage'));
const TagsPage = lazyPage(() => import('@/features/browse/pages/TagsPage'));
const TagPage = lazyPage(() => import('@/features/browse/pages/TagPage'));
const SearchPage = lazyPage(() => import('@/features/browse/pages/SearchPage'));
const QueuePage = lazyPage(() => import('@/features/player/pages/QueuePage'));
const NowPage = lazyPage(() => import('@/features/player/pages/NowPage'));
const FavTracksPage = lazyPage(() => import('@/features/favourites/pages/FavTracksPage'));
const FavAlbumsPage = lazyPage(() => import('@/features/favourites/pages/FavAlbumsPage'));
const PlaylistsPage = lazyPage(() => import('@/features/playlists/pages/PlaylistsPage'));
const PlaylistPage = lazyPage(() => import('@/features/playlists/pages/PlaylistPage'));
const SharedPage = lazyPage(() => import('@/features/share/pages/SharedPage'));
const MySharesPage = lazyPage(() => import('@/features/share/pages/MySharesPage'));

interface RouteEntry {
  path: string;
  page: ComponentType | LazyExoticComponent<ComponentType>;
  guarded: boolean;
}

export const routes: RouteEntry[] = [
  { path: '/', page: HomePage, guarded: false },
  { path: '/user/login', page: LoginPage, guarded: false },
  { path: '/user/register', page: RegisterPage, guarded: false },
  { path: '/user/logout', page: LogoutPage, guarded: false },
  { path: '/user/index', page: UserPage, guarded: true },
  { path: '/library', page: LibraryPage, guarded: true },
  { path: '/album/list', page: AlbumListPage, guarded: true },
  { path: '/album/:id', page: AlbumPage, guarded: true },
  // without an id the album page says 请指定专辑 ID
  { path: '/album', page: AlbumPage, guarded: true },
  { path: '/album/', page: AlbumPage, guarded: true },
  { path: '/tags', page: TagsPage, guarded: true },
  { path: '/tag/:tag', page: TagPage, guarded: true },
  { path: '/search', page: SearchPage, guarded: true },
  { path: '/queue', page: QueuePage, guarded: false },
  { path: '/now', page: NowPage, guarded: true },
  { path: '/fav', page: FavTracksPage, guarded: true },
  { path: '/fav/albums', page: FavAlbumsPage, guarded: true },
  { path: '/playlist', page: PlaylistsPage, guarded: true },
  { path: '/playlist/:id', page: PlaylistPage, guarded: true },
  { path: '/s/:id', page: SharedPage, guarded: false },
  // without an id the shared page says 请指定分享 ID
  { path: '/s', page: SharedPage, guarded: false },
  { path: '/s/', page: SharedPage, guarded: false },
  { path: '/shares', page: MySharesPage, guarded: true },
];

/**
 * Loads the page of `path` if it is code-split. The app awaits it before its first render: a page
 * that suspends the first render shows its fallback and React then holds the page back for ~300 ms
 * (its fallback throttle), which a visitor opening a link (a shared list) would wait for.
 */
export async function preloadPage(path: string): Promise<void> {
  const entry = routes.find((route) => patternOf(route.path).test(path));
  await loaders.get(entry?.page as ComponentType)?.();
}

/** a route path as wouter reads ours (static segments and `:name` segments), as a whole-path pattern */
function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

export function AppRoutes() {
  const [location] = useLocation();
  // a page that fails to render shows a message with 重试; another route starts afresh
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          {routes.map(({ path, page: Page, guarded }) => (
            <Route key={path} path={path}>
              {guarded ? (
                <Guard>
                  <Page />
                </Guard>
              ) : (
                <Page />
              )}
            </Route>
          ))}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
