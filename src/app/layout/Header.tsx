import type { ReactNode } from 'react';
import { Burger, Button, Group, Text } from '@mantine/core';
import { Link } from 'wouter';
import { text } from '@/shared/firstPageText';
import { Tip } from '@/ui/Tip';
import { useLoginState, useLogout, useRegistration, useSiteInfo, useUser } from '@/features/session';

/** `tools`: the app's buttons before the account's (keyboard shortcuts) */
export function Header({
  drawerOpened,
  onToggleDrawer,
  tools,
}: {
  drawerOpened: boolean;
  onToggleDrawer: () => void;
  tools?: ReactNode;
}) {
  const site = useSiteInfo();
  const loginState = useLoginState();
  const user = useUser();
  const registration = useRegistration();
  const { canLogOut, logOut } = useLogout();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Tip label={text.header.toggleDrawer}>
          <Burger opened={drawerOpened} onClick={onToggleDrawer} size="sm" aria-label={text.header.toggleDrawer} />
        </Tip>
        <Text component={Link} href="/" fw={700} size="lg" c="inherit" td="none">
          {site?.siteName ?? ''}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {tools}
        {loginState === 'loggedIn' && user && (
          <>
            <Button component={Link} href="/user/index" variant="subtle">
              {user.nickname}
            </Button>
            {/* an action, not a link: only this button (and the logout page's own question) signs out */}
            <Button variant="light" onClick={logOut} disabled={!canLogOut}>
              {text.header.logout}
            </Button>
          </>
        )}
        {loginState === 'loggedOut' && (
          <>
            <Button component={Link} href="/user/login" variant="light">
              {text.header.login}
            </Button>
            {registration.open && (
              <Button component={Link} href="/user/register" variant="subtle">
                {text.header.register}
              </Button>
            )}
          </>
        )}
      </Group>
    </Group>
  );
}
