import { MantineProvider } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { pageTitle } from '@/services/site';
import { text } from '@/views/text';
import { Header } from '@/views/layout/Header';
import { Drawer } from '@/views/layout/Drawer';
import { Toasts } from '@/views/layout/Toasts';
import { Shell } from '@/views/layout/Shell';
import { SystemProvider, useSiteInfo } from './SystemContext';
import { AppRoutes } from './routes';
import type { AppSystem } from './system';
import { theme } from './theme';
import { CoverStoreContext } from '@/views/components/coverStoreContext';

function DocumentTitle() {
  const site = useSiteInfo();
  useEffect(() => {
    if (site) document.title = pageTitle(site, text.site.titleSeparator);
  }, [site]);
  return null;
}

function Frame() {
  // The drawer is open by default; the main area shifts by its width when it opens or closes.
  const [opened, { toggle }] = useDisclosure(true);
  return (
    <>
      <Shell drawerOpened={opened} header={<Header drawerOpened={opened} onToggleDrawer={toggle} />} drawer={<Drawer />}>
        <AppRoutes />
      </Shell>
      <Toasts />
      <DocumentTitle />
    </>
  );
}

export function App({ system }: { system: AppSystem }) {
  return (
    <MantineProvider theme={theme}>
      <SystemProvider system={system}>
        <CoverStoreContext.Provider value={system.covers}>
          <Frame />
        </CoverStoreContext.Provider>
      </SystemProvider>
    </MantineProvider>
  );
}
