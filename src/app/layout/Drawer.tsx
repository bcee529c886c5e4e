// The drawer (docs/behaviour.md#the-frame): 主页, 音频仓库, 搜索, the collapsible group 喜欢 (单曲, 专辑), 播放列表, 标签;
// and ours: 最近播放, 我的统计, 智能歌单, and 我的分享, where share links are taken back.
// Plain links rather than Mantine's NavLink, whose collapse animation is heavy for the first page.
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { text } from '@/shared/firstPageText';
import classes from './Drawer.module.css';

function DrawerLink({ href, label, active }: { href: string; label: string; active: boolean }) {
  return (
    <Link href={href} className={classes.link} aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}

export function Drawer() {
  const [location] = useLocation();
  const [favouritesOpened, setFavouritesOpened] = useState(true);
  const at = (href: string) => location === href;

  return (
    <>
      <DrawerLink href="/" label={text.drawer.home} active={at('/')} />
      <DrawerLink
        href="/library"
        label={text.drawer.library}
        active={at('/library') || location.startsWith('/album')}
      />
      <DrawerLink href="/search" label={text.drawer.search} active={at('/search')} />
      <button
        type="button"
        className={classes.link}
        aria-expanded={favouritesOpened}
        onClick={() => setFavouritesOpened((o) => !o)}
      >
        {text.drawer.favourites}
        <svg
          className={classes.chevron}
          data-opened={favouritesOpened || undefined}
          width="14"
          height="14"
          viewBox="0 0 24 24"
          aria-hidden="true"
        >
          <path
            d="M9 6l6 6-6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {favouritesOpened && (
        <div className={classes.group}>
          <DrawerLink href="/fav" label={text.drawer.favouriteTracks} active={at('/fav')} />
          <DrawerLink href="/fav/albums" label={text.drawer.favouriteAlbums} active={at('/fav/albums')} />
          <DrawerLink href="/fav/playlists" label={text.drawer.favouritePlaylists} active={at('/fav/playlists')} />
        </div>
      )}
      <DrawerLink href="/playlist" label={text.drawer.playlists} active={location.startsWith('/playlist')} />
      <DrawerLink href="/history" label={text.drawer.history} active={at('/history')} />
      <DrawerLink href="/stats" label={text.drawer.stats} active={at('/stats')} />
      <DrawerLink
        href="/smart"
        label={text.drawer.smartLists}
        active={at('/smart') || location.startsWith('/smart/')}
      />
      {/* ours, not the spec's: where a listener takes back a share link */}
      <DrawerLink href="/shares" label={text.drawer.shares} active={at('/shares')} />
      <DrawerLink href="/tags" label={text.drawer.tags} active={at('/tags') || location.startsWith('/tag/')} />
    </>
  );
}
