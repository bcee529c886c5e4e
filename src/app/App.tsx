import { AppShell, MantineProvider } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { DRAWER_WIDTH } from '@/constants';
import { pageTitle } from '@/services/site';
import { text } from '@/views/text';
import { Header } from '@/views/layout/Header';
import { Drawer } from '@/views/layout/Drawer';
import { Toasts } from '@/views/layout/Toasts';
import { SystemProvider, useSiteInfo } from './SystemContext';
import { AppRoutes } from './routes';
import type { AppSystem } from './system';
import { theme } from './theme';

function DocumentTitle() {
  const site = useSiteInfo();
  useEffect(() => {
    if (site) document.title = pageTitle(site, text.site.titleSeparator);
  }, [site]);
  return null;
}

function Shell() {
  // The drawer is open by default; the main area shifts by its width when it opens or closes.
  const [opened, { toggle }] = useDisclosure(true);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: DRAWER_WIDTH, breakpoint: 0, collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <Header drawerOpened={opened} onToggleDrawer={toggle} />
      <Drawer />
      <AppShell.Main>
        <AppRoutes />
      </AppShell.Main>
      <Toasts />
      <DocumentTitle />
    </AppShell>
  );
}

export function App({ system }: { system: AppSystem }) {
  return (
    <MantineProvider theme={theme}>
      <SystemProvider system={system}>
        <Shell />
      </SystemProvider>
    </MantineProvider>
  );
}
