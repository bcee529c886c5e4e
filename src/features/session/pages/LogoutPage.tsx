import { Alert } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Redirect } from 'wouter';
import { useLoginState, useSession } from '../context';
import { text } from '@/shared/text';

export default function LogoutPage() {
  const session = useSession();
  const loginState = useLoginState();
  // back to where LOGOUT can be sent again: the logout call failed
  const idle = useSelector(session, (s) => s.can({ type: 'LOGOUT' }));
  const sent = useRef(false);

  useEffect(() => {
    if (loginState === 'loggedIn' && !sent.current) {
      sent.current = true;
      session.send({ type: 'LOGOUT' });
    }
  }, [loginState, session]);

  // Nobody to log out, or the logout call failed (its message is shown as a toast): go home.
  if (loginState === 'loggedOut' && !sent.current) return <Redirect to="/" replace />;
  if (sent.current && idle) return <Redirect to="/" replace />;

  return (
    <Alert color="blue" title={text.logout.banner}>
      {text.logout.body}
    </Alert>
  );
}
