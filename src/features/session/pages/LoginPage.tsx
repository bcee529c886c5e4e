import '@/ui/styles/forms';
import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { useLoginState, useRegistration, useSession } from '../context';
import { safeReturnPath } from '../returnPath';
import { FormError } from '@/ui/FormError';
import { text } from '@/shared/text';
import { formErrorOf } from '../selectors';

export default function LoginPage() {
  const session = useSession();
  const loginState = useLoginState();
  const registration = useRegistration();
  const busy = useSelector(session, (s) => s.hasTag('loggingIn'));
  const formError = useSelector(session, formErrorOf('login'));
  const returnTo = safeReturnPath(new URLSearchParams(useSearch()).get('return'));
  const submitted = useRef(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => () => session.send({ type: 'CLEAR_FORM_ERROR' }), [session]);

  // Logged in by this form: go where the guard sent us from. Already logged in: go home (spec 2.1).
  if (loginState === 'loggedIn') return <Redirect to={submitted.current ? returnTo : '/'} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    session.send({ type: 'LOGIN', form: { email, password } });
  };

  return (
    <Paper maw={420} mx="auto" mt="xl" p="lg" withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>{text.auth.login}</Title>
          <FormError message={formError} />
          <TextInput
            label={text.auth.email}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label={text.auth.password}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy}>
            {text.auth.login}
          </Button>
          {registration.open && (
            <Text size="sm" ta="center">
              <Anchor component={Link} href="/user/register">
                {text.auth.register}
              </Anchor>
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
