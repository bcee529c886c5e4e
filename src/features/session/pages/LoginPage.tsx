import '@/ui/styles/forms';
import { Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { useLoginState, useRegistration, useSession } from '../context';
import { safeReturnPath } from '../returnPath';
import { FormError } from '@/ui/FormError';
import { text } from '@/shared/text';
import { formErrorOf, signingInAs } from '../selectors';
import { CodeInput } from '../components/CodeInput';

export default function LoginPage() {
  const session = useSession();
  const loginState = useLoginState();
  const registration = useRegistration();
  const busy = useSelector(session, (s) => s.hasTag('loggingIn'));
  const askingCode = useSelector(session, (s) => s.hasTag('askingCode'));
  const formError = useSelector(session, formErrorOf('login'));
  const returnTo = safeReturnPath(new URLSearchParams(useSearch()).get('return'));
  const submitted = useRef(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => () => session.send({ type: 'CLEAR_FORM_ERROR' }), [session]);

  // Logged in by this form: go where the guard sent us from. Already logged in: go home (docs/behaviour.md#routes-and-the-guard).
  if (loginState === 'loggedIn') return <Redirect to={submitted.current ? returnTo : '/'} replace />;

  if (askingCode) return <CodeStep />;

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

/** The second step for a user with two-step sign-in on: the code of their authenticator app. */
function CodeStep() {
  const session = useSession();
  const email = useSelector(session, signingInAs);
  const busy = useSelector(session, (s) => s.hasTag('busy'));
  const formError = useSelector(session, formErrorOf('code'));
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: 'SUBMIT_CODE', code });
  };
  return (
    <Paper maw={420} mx="auto" mt="xl" p="lg" withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>{text.auth.twoFactorTitle}</Title>
          <Text size="sm">{text.auth.twoFactorPrompt(email)}</Text>
          <FormError message={formError} />
          <CodeInput value={code} onChange={setCode} autoFocus />
          <Button type="submit" loading={busy}>
            {text.auth.twoFactorVerify}
          </Button>
          <Button variant="subtle" disabled={busy} onClick={() => session.send({ type: 'CANCEL_CODE' })}>
            {text.auth.twoFactorBack}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
