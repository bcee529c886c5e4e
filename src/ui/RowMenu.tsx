// A row's menu whose code loads on first use. Mantine's Menu brings its positioning engine
// (floating-ui, ~20 kB gzip) and per-row hooks; a list of rows shows plain icon buttons instead,
// and a row's menu is made when it is first wanted: the code loads when a button is pointed at or
// focused (and at idle time after the rows show), and the menu opens where the button was.
import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import type { RowMenuProps } from './RowMenuItem';

export { RowMenuItem } from './RowMenuItem';

const loadMenu = () => import('./RowMenuLoaded');
const LoadedMenu = lazy(loadMenu);

let preloaded = false;
/** loads the menu's code once, quietly: a failure shows when a menu is opened */
function preloadRowMenu(): void {
  if (preloaded) return;
  preloaded = true;
  loadMenu().catch(() => {
    preloaded = false;
  });
}

/** loads the menu's code when the browser is idle, once a page with row menus has shown */
function usePreloadRowMenu(): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const handle = window.requestIdleCallback(preloadRowMenu, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
}

export function RowMenu({ label, icon, color, children }: RowMenuProps) {
  const [wanted, setWanted] = useState(false);
  usePreloadRowMenu();
  const button = (busy: boolean) => (
    <ActionIcon
      variant="subtle"
      color={color}
      aria-label={label}
      aria-haspopup="menu"
      aria-busy={busy || undefined}
      onPointerEnter={preloadRowMenu}
      onFocus={preloadRowMenu}
      onClick={() => setWanted(true)}
    >
      {icon}
    </ActionIcon>
  );
  if (!wanted) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <LoadedMenu label={label} icon={icon} color={color}>
        {children}
      </LoadedMenu>
    </Suspense>
  );
}
