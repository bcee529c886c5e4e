import '@mantine/core/styles/Alert.layer.css';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Redirect, useLocation } from 'wouter';
import { useLoginState, useSession } from '../context';
import { text } from '@/shared/text';

/**
 * The header's 注销 sends LOGOUT and comes here to show its progress. Opened any other way (a
 * bookmark, a link or redirect from another site) the page only asks: no page of another site can
 * sign a user out.
 */
export default function LogoutPage() {
  const session = useSession();
  const loginState = useLoginState();
  const leaving = useSelector(session, (s) => s.hasTag('loggingOut'));
  const canLogOut = useSelector(session, (s) => s.can({ type: 'LOGOUT' }));
  const [, navigate] = useLocation();

  if (leaving) {
    return (
      <Alert color="blue" title={text.logout.banner}>
        {text.logout.body}
      </Alert>
    );
  }
  if (loginState === 'loggedOut') return <Redirect to="/" replace />;
  if (!canLogOut) return null; // the session is still loading, or busy with another form

  return (
    <Alert color="yellow" title={text.logout.confirmTitle}>
      <Text size="sm" mb="sm">
        {text.logout.confirmBody}
      </Text>
      <Group gap="sm">
        <Button color="red" onClick={() => session.send({ type: 'LOGOUT' })}>
          {text.logout.confirm}
        </Button>
        <Button variant="default" onClick={() => navigate('/', { replace: true })}>
          {text.logout.cancel}
        </Button>
      </Group>
    </Alert>
  );
}
