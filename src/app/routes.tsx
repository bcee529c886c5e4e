// The route table of spec 2.1. Pages are code-split; guarded routes need a logged-in user.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { Guard } from './Guard';
import { PageSpinner } from '@/ui/PageSpinner';
import { HomePage } from '@/app/pages/HomePage';
import { NotFoundPage } from '@/app/pages/NotFoundPage';

const LoginPage = lazy(() => import('@/features/session/pages/LoginPage'));
const RegisterPage = lazy(() => import('@/features/session/pages/RegisterPage'));
const LogoutPage = lazy(() => import('@/features/session/pages/LogoutPage'));
const UserPage = lazy(() => import('@/features/session/pages/UserPage'));
const LibraryPage = lazy(() => import('@/features/library/pages/LibraryPage'));
const AlbumListPage = lazy(() => import('@/features/browse/pages/AlbumListPage'));
const AlbumPage = lazy(() => import('@/features/browse/pages/AlbumPage'));
const TagsPage = lazy(() => import('@/features/browse/pages/TagsPage'));
const TagPage = lazy(() => import('@/features/browse/pages/TagPage'));
const SearchPage = lazy(() => import('@/features/browse/pages/SearchPage'));
const QueuePage = lazy(() => import('@/features/player/pages/QueuePage'));
const NowPage = lazy(() => import('@/features/player/pages/NowPage'));
const FavTracksPage = lazy(() => import('@/features/favourites/pages/FavTracksPage'));
const FavAlbumsPage = lazy(() => import('@/features/favourites/pages/FavAlbumsPage'));
const PlaylistsPage = lazy(() => import('@/features/playlists/pages/PlaylistsPage'));
const PlaylistPage = lazy(() => import('@/features/playlists/pages/PlaylistPage'));
const SharedPage = lazy(() => import('@/features/share/pages/SharedPage'));
const MySharesPage = lazy(() => import('@/features/share/pages/MySharesPage'));

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

export function AppRoutes() {
  return (
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
  );
}
