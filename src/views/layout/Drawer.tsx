import { NavLink } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { text } from '@/views/text';

const items = [
  { href: '/', label: text.drawer.home },
  { href: '/library', label: text.drawer.library },
  { href: '/search', label: text.drawer.search },
] as const;

export function Drawer() {
  const [location] = useLocation();
  const favActive = location === '/fav' || location.startsWith('/fav/');

  return (
    <>
      {items.map((item) => (
        <NavLink key={item.href} component={Link} href={item.href} label={item.label} active={location === item.href} />
      ))}
      <NavLink label={text.drawer.favourites} defaultOpened active={false} childrenOffset="md">
        <NavLink component={Link} href="/fav" label={text.drawer.favouriteTracks} active={location === '/fav'} />
        <NavLink
          component={Link}
          href="/fav/albums"
          label={text.drawer.favouriteAlbums}
          active={favActive && location === '/fav/albums'}
        />
      </NavLink>
      <NavLink component={Link} href="/playlist" label={text.drawer.playlists} active={location.startsWith('/playlist')} />
      <NavLink component={Link} href="/tags" label={text.drawer.tags} active={location === '/tags' || location.startsWith('/tag/')} />
    </>
  );
}
