import '@/ui/styles/forms';
import { Alert, Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { useLoginState, useRegistration, useSession, useSiteInfo } from '../context';
import { FormError } from '@/ui/FormError';
import { PageSpinner } from '@/ui/PageSpinner';
import { text } from '@/shared/text';
import { formErrorOf } from '../selectors';

const empty = { email: '', password: '', repeatPassword: '', nickname: '', inviteCode: '' };

export default function RegisterPage() {
  const session = useSession();
  const site = useSiteInfo();
  const loginState = useLoginState();
  const registration = useRegistration();
  const busy = useSelector(session, (s) => s.hasTag('registering'));
  const registered = useSelector(session, (s) => s.hasTag('registered'));
  const formError = useSelector(session, formErrorOf('register'));
  const submitted = useRef(false);
  const [form, setForm] = useState(empty);

  useEffect(() => () => session.send({ type: 'CLEAR_FORM_ERROR' }), [session]);

  if (loginState === 'loggedIn') return <Redirect to="/" replace />;
  // The server does not sign in on register: the new account logs in next.
  if (submitted.current && registered) return <Redirect to="/user/login" />;
  if (!site) return <PageSpinner />;
  if (!registration.open) return <Alert color="yellow">{text.auth.registrationClosed}</Alert>;

  const field = (name: keyof typeof empty) => ({
    value: form[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [name]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    session.send({ type: 'REGISTER', form, inviteRequired: registration.inviteRequired });
  };

  return (
    <Paper maw={420} mx="auto" mt="xl" p="lg" withBorder>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>{text.auth.register}</Title>
          <FormError message={formError} />
          <TextInput label={text.auth.email} type="email" autoComplete="email" {...field('email')} />
          <PasswordInput label={text.auth.password} autoComplete="new-password" {...field('password')} />
          <PasswordInput label={text.auth.repeatPassword} autoComplete="new-password" {...field('repeatPassword')} />
          <TextInput label={text.auth.nickname} autoComplete="nickname" {...field('nickname')} />
          {registration.inviteRequired && <TextInput label={text.auth.inviteCode} {...field('inviteCode')} />}
          <Button type="submit" loading={busy}>
            {text.auth.register}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
