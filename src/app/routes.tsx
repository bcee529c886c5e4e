// The route table (routeTable.ts, docs/behaviour.md#routes-and-the-guard) rendered. Pages are code-split; guarded routes need a
// logged-in user.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useTwoFactorRequired } from '@/features/session';
import { Guard } from './Guard';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { PageSpinner } from '@/ui/PageSpinner';
import { HomePage } from '@/app/pages/HomePage';
import { ROUTE_TABLE, routePattern, type LazyPageName, type PageName } from './routeTable';

// a wrong address is rare: its page loads when one is opened
const NotFoundPage = lazy(async () => ({ default: (await import('@/app/pages/NotFoundPage')).NotFoundPage }));

/** the loaders of lazy pages, so the page of the first URL can be loaded before the app renders */
const loaders = new Map<ComponentType | LazyExoticComponent<ComponentType>, () => Promise<unknown>>();

type PageModule = { default: ComponentType };

/**
 * A code-split page. Once its module is here, React gets a thenable that resolves at once: a page
 * loaded before it first renders (preloadPage) then renders without suspending. With a plain
 * `import()` promise React suspends anyway for a tick, shows the fallback, and then holds the page
 * back ~300 ms (its fallback throttle) on every cold start.
 */
function lazyPage(load: () => Promise<PageModule>) {
  let loaded: PageModule | null = null;
  const loadOnce = () => load().then((module) => (loaded = module));
  const page = lazy(() =>
    loaded
      ? // biome-ignore lint/suspicious/noThenProperty: a thenable React.lazy reads at once, so a loaded page shows no fallback
        ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as unknown as Promise<PageModule>)
      : loadOnce(),
  );
  loaders.set(page, loadOnce);
  return page;
}

// One loader per page of LAZY_PAGES (the type makes sure none is missing); import() needs its
// path written out for the bundler.
const LOADERS: Record<LazyPageName, () => Promise<{ default: ComponentType }>> = {
  LoginPage: () => import('@/features/session/pages/LoginPage'),
  RegisterPage: () => import('@/features/session/pages/RegisterPage'),
  LogoutPage: () => import('@/features/session/pages/LogoutPage'),
  UserPage: () => import('@/features/account/pages/UserPage'),
  LibraryPage: () => import('@/features/library/pages/LibraryPage'),
  AlbumListPage: () => import('@/features/browse/pages/AlbumListPage'),
  AlbumPage: () => import('@/features/browse/pages/AlbumPage'),
  TagsPage: () => import('@/features/browse/pages/TagsPage'),
  TagPage: () => import('@/features/browse/pages/TagPage'),
  SearchPage: () => import('@/features/browse/pages/SearchPage'),
  QueuePage: () => import('@/features/player/pages/QueuePage'),
  NowPage: () => import('@/features/player/pages/NowPage'),
  FavTracksPage: () => import('@/features/favourites/pages/FavTracksPage'),
  FavAlbumsPage: () => import('@/features/favourites/pages/FavAlbumsPage'),
  PlaylistsPage: () => import('@/features/playlists/pages/PlaylistsPage'),
  PlaylistPage: () => import('@/features/playlists/pages/PlaylistPage'),
  FavPlaylistsPage: () => import('@/features/favourites/pages/FavPlaylistsPage'),
  ListenerPage: () => import('@/features/playlists/pages/ListenerPage'),
  SharedPage: () => import('@/features/share/pages/SharedPage'),
  MySharesPage: () => import('@/features/share/pages/MySharesPage'),
  HistoryPage: () => import('@/features/listening/pages/HistoryPage'),
  StatsPage: () => import('@/features/listening/pages/StatsPage'),
  SmartListsPage: () => import('@/features/smartLists/pages/SmartListsPage'),
  SmartListPage: () => import('@/features/smartLists/pages/SmartListPage'),
};

const PAGES: Record<PageName, ComponentType | LazyExoticComponent<ComponentType>> = {
  HomePage,
  ...(Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, lazyPage(load)])) as Record<
    LazyPageName,
    LazyExoticComponent<ComponentType>
  >),
};

interface RouteEntry {
  path: string;
  page: ComponentType | LazyExoticComponent<ComponentType>;
  guarded: boolean;
}

export const routes: RouteEntry[] = ROUTE_TABLE.map(({ path, page, guarded }) => ({
  path,
  page: PAGES[page],
  guarded,
}));

/**
 * Loads the page of `path` if it is code-split. The app awaits it before its first render: a page
 * that suspends the first render shows its fallback and React then holds the page back for ~300 ms
 * (its fallback throttle), which a visitor opening a link (a shared list) would wait for.
 */
export async function preloadPage(path: string): Promise<void> {
  const entry = routes.find((route) => routePattern(route.path).test(path));
  await loaders.get(entry?.page as ComponentType)?.();
}

/** where a user may go while the site waits for them to turn two-step sign-in on */
const TWO_FACTOR_SETUP = '/user/index?tab=twoFactor';
const OPEN_WHILE_TWO_FACTOR_REQUIRED = new Set(['/user/index', '/user/logout']);

export function AppRoutes() {
  const [location] = useLocation();
  // the site enforces two-step sign-in: every call but turning it on would fail, so that is the page
  const twoFactorRequired = useTwoFactorRequired();
  if (twoFactorRequired && !OPEN_WHILE_TWO_FACTOR_REQUIRED.has(location))
    return <Redirect to={TWO_FACTOR_SETUP} replace />;
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
