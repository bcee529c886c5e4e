import '@mantine/core/styles/Alert.layer.css';
import '@/ui/styles/forms';
import '@mantine/core/styles/Code.layer.css';
import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Redirect } from 'wouter';
import { useLoginState, useRegistration, useSession, useSiteInfo } from '../context';
import { FormError } from '@/ui/FormError';
import { PageSpinner } from '@/ui/PageSpinner';
import { text } from '@/shared/text';
import { formErrorOf } from '../selectors';
import { newTotpSecret } from '@/services/totp';
import { twoFactorEnforced } from '@/rules/site';
import { CodeInput } from '../components/CodeInput';
import { SecretCard } from '../components/SecretCard';

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
  // a site that enforces two-step sign-in takes new accounts only with it on: a secret made here
  const [secret] = useState(newTotpSecret);
  const [code, setCode] = useState('');
  const enforced = site ? twoFactorEnforced(site) : false;

  useEffect(() => () => session.send({ type: 'CLEAR_FORM_ERROR' }), [session]);

  if (loginState === 'loggedIn') return <Redirect to="/" replace />;
  // The server does not sign in on register: the new account logs in next. A form refused after an
  // earlier registration of this visit leaves the session `registered` with its message: it stays.
  if (submitted.current && registered && formError === null) return <Redirect to="/user/login" />;
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
    session.send({
      type: 'REGISTER',
      form: enforced ? { ...form, twoFactor: { secret, code } } : form,
      inviteRequired: registration.inviteRequired,
    });
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
          {enforced && (
            <>
              <Text size="sm">{text.auth.twoFactorRegister}</Text>
              <SecretCard secret={secret} account={form.email.trim().toLowerCase()} />
              <CodeInput value={code} onChange={setCode} authenticatorOnly />
            </>
          )}
          <Button type="submit" loading={busy}>
            {text.auth.register}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
