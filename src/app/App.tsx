import { MantineProvider } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { pageTitle } from '@/services/site';
import { text } from '@/shared/text';
import { Header } from '@/app/layout/Header';
import { Drawer } from '@/app/layout/Drawer';
import { Toasts } from '@/features/messages/Toasts';
import { Shell } from '@/app/layout/Shell';
import { PlayerBar } from '@/features/player/components/PlayerBar';
import { SystemProvider, useSiteInfo, useSystem } from './SystemContext';
import { useSelector } from '@xstate/react';
import { playbackStatus } from '@/features/player/playerMachine';
import { AppRoutes } from './routes';
import type { AppSystem } from './system';
import { theme } from './theme';
import { CoverStoreContext } from '@/ui/coverStoreContext';
import { Router, useLocation } from 'wouter';
import { NARROW_SCREEN_QUERY } from '@/shared/constants';
import { useTransitionLocation } from './transitionLocation';

/** spec 4.2: site name and description; while a track plays, `track title | site name` */
function DocumentTitle() {
  const site = useSiteInfo();
  const { player } = useSystem();
  const playingTitle = useSelector(player, (s) => (playbackStatus(s) === 'playing' ? (s.context.nowPlaying?.title ?? null) : null));
  useEffect(() => {
    if (!site) return;
    document.title = playingTitle ? `${playingTitle}${text.site.trackTitleSeparator}${site.siteName}` : pageTitle(site, text.site.titleSeparator);
  }, [site, playingTitle]);
  return null;
}

function Frame() {
  // The drawer is open by default; the main area shifts by its width when it opens or closes. On a
  // phone it starts closed and lies over the page, so it closes again once a link in it is followed.
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, undefined, { getInitialValueInEffect: false });
  const [opened, { toggle, close }] = useDisclosure(!narrow);
  const [location] = useLocation();
  useEffect(() => {
    if (narrow) close();
  }, [narrow, location, close]);
  return (
    <>
      <Shell
        drawerOpened={opened}
        onCloseDrawer={close}
        header={<Header drawerOpened={opened} onToggleDrawer={toggle} />}
        drawer={<Drawer />}
        footer={<PlayerBar />}
      >
        <AppRoutes />
      </Shell>
      <Toasts />
      <DocumentTitle />
    </>
  );
}

/** `env="test"`: Mantine without transitions and portals, for tests in a DOM without layout */
export function App({ system, env = 'default' }: { system: AppSystem; env?: 'default' | 'test' }) {
  return (
    <MantineProvider theme={theme} env={env}>
      <SystemProvider system={system}>
        <CoverStoreContext.Provider value={system.covers}>
          <Router hook={useTransitionLocation}>
            <Frame />
          </Router>
        </CoverStoreContext.Provider>
      </SystemProvider>
    </MantineProvider>
  );
}
