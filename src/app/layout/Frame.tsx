import type { CSSProperties, ReactNode } from 'react';
import { DRAWER_WIDTH } from '@/shared/firstPageConstants';
import { text } from '@/shared/firstPageText';
import classes from './Frame.module.css';

interface FrameProps {
  drawerOpened: boolean;
  /** a tap beside the drawer while it lies over the page (narrow screens) */
  onCloseDrawer: () => void;
  header: ReactNode;
  drawer: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

export function Frame({ drawerOpened, onCloseDrawer, header, drawer, footer, children }: FrameProps) {
  // the header and player bar heights are in Frame.module.css (the bar is taller on a phone)
  const vars = { '--drawer-width': `${DRAWER_WIDTH}px` } as CSSProperties;
  return (
    <div className={classes.frame} style={vars}>
      <header className={classes.header}>{header}</header>
      <nav
        className={classes.drawer}
        data-closed={drawerOpened ? undefined : ''}
        aria-label={text.drawer.label}
        aria-hidden={!drawerOpened}
      >
        {drawer}
      </nav>
      {/* only shown on narrow screens (CSS); the burger is the keyboard way to close */}
      <div
        className={classes.scrim}
        data-opened={drawerOpened ? '' : undefined}
        onClick={onCloseDrawer}
        aria-hidden="true"
      />
      <main className={classes.main} data-drawer-closed={drawerOpened ? undefined : ''}>
        {children}
      </main>
      {footer}
    </div>
  );
}
