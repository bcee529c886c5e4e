import { MantineProvider } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
import { documentTitle } from '@/rules/site';
import { text } from '@/shared/firstPageText';
import { Header } from './layout/Header';
import { Drawer } from './layout/Drawer';
import { Frame } from './layout/Frame';
import { Toasts } from '@/features/messages';
import { OfflineBanner, UpdatePrompt } from '@/features/appStatus';
import { PlaylistDialogsHost } from '@/features/playlists/components/PlaylistDialogsHost';
import { KeepPlanDialogHost } from '@/features/offline';
import { PlayerBar, playingTitleOf } from '@/features/player';
import { useSiteInfo } from '@/features/session';
import { useSelector } from '@xstate/react';
import { SystemProvider } from './SystemProvider';
import { AppRoutes } from './routes';
import type { AppSystem } from './system';
import { cssVariablesResolver, theme } from './theme';
import { ErrorBoundary } from '@/ui/ErrorBoundary';
import { Router, useLocation } from 'wouter';
import { DARK_SCHEME_QUERY, NARROW_SCREEN_QUERY } from '@/shared/firstPageConstants';
import { useTransitionLocation } from './transitionLocation';

// the keyboard shortcuts and their help button load after the first page (a click plays without them)
const AppShortcuts = lazy(async () => ({ default: (await import('./AppShortcuts')).AppShortcuts }));

/** the page title (docs/behaviour.md#player): site name and description; while a track plays, `track title | site name` */
function DocumentTitle({ system }: { system: AppSystem }) {
  const site = useSiteInfo();
  const playingTitle = useSelector(system.player, playingTitleOf);
  useEffect(() => {
    const title = documentTitle(site ?? null, playingTitle, system.lastSiteName(), {
      title: text.site.titleSeparator,
      track: text.site.trackTitleSeparator,
    });
    if (title !== null) document.title = title;
  }, [site, playingTitle, system]);
  return null;
}

function Layout({ system }: { system: AppSystem }) {
  // The drawer is open by default; the main area shifts by its width when it opens or closes. On a
  // phone it starts closed and lies over the page, so it closes again once a link in it is followed.
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, undefined, { getInitialValueInEffect: false });
  const [opened, { toggle, close }] = useDisclosure(!narrow);
  const [location] = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location closes the phone's drawer
  useEffect(() => {
    if (narrow) close();
  }, [narrow, location, close]);
  return (
    <>
      <Frame
        drawerOpened={opened}
        onCloseDrawer={close}
        header={
          <Header
            drawerOpened={opened}
            onToggleDrawer={toggle}
            tools={
              <Suspense fallback={null}>
                <AppShortcuts player={system.player} />
              </Suspense>
            }
          />
        }
        drawer={<Drawer />}
        footer={
          <ErrorBoundary message={text.errors.playerRender}>
            <PlayerBar />
          </ErrorBoundary>
        }
      >
        <OfflineBanner />
        <AppRoutes />
        <UpdatePrompt />
      </Frame>
      <Toasts />
      <PlaylistDialogsHost />
      <KeepPlanDialogHost />
      <DocumentTitle system={system} />
    </>
  );
}

/** the colours in use: the setting, or the system's when the setting is to follow it */
function useColorScheme(system: AppSystem): 'light' | 'dark' {
  const setting = useSelector(system.settings, (s) => s.context.colorScheme);
  const systemDark = useMediaQuery(DARK_SCHEME_QUERY, undefined, { getInitialValueInEffect: false });
  return setting === 'auto' ? (systemDark ? 'dark' : 'light') : setting;
}

/** `env="test"`: Mantine without transitions and portals, for tests in a DOM without layout */
export function App({ system, env = 'default' }: { system: AppSystem; env?: 'default' | 'test' }) {
  // index.html's pre-paint script chose the same before the scripts loaded, so nothing flashes
  const colorScheme = useColorScheme(system);
  // every Mantine variable written here, defaults too: the first page brings no stylesheet of Mantine's defaults
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      deduplicateCssVariables={false}
      env={env}
      forceColorScheme={colorScheme}
    >
      <SystemProvider system={system}>
        <Router hook={useTransitionLocation}>
          <Layout system={system} />
        </Router>
      </SystemProvider>
    </MantineProvider>
  );
}
