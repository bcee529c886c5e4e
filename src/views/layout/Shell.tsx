import type { CSSProperties, ReactNode } from 'react';
import { DRAWER_WIDTH } from '@/constants';
import { text } from '@/views/text';
import classes from './Shell.module.css';

export const HEADER_HEIGHT = 56;
export const PLAYER_BAR_HEIGHT = 72;

export function Shell({ drawerOpened, header, drawer, footer, children }: { drawerOpened: boolean; header: ReactNode; drawer: ReactNode; footer: ReactNode; children: ReactNode }) {
  const vars = {
    '--header-height': `${HEADER_HEIGHT}px`,
    '--drawer-width': `${DRAWER_WIDTH}px`,
    '--footer-height': `${PLAYER_BAR_HEIGHT}px`,
  } as CSSProperties;
  return (
    <div style={vars}>
      <header className={classes.header}>{header}</header>
      <nav className={classes.drawer} data-closed={drawerOpened ? undefined : ''} aria-label={text.drawer.label} aria-hidden={!drawerOpened}>
        {drawer}
      </nav>
      <main className={classes.main} data-drawer-closed={drawerOpened ? undefined : ''}>
        {children}
      </main>
      {footer}
    </div>
  );
}
