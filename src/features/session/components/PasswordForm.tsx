import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSession, useUser } from '../context';
import { CodeInput } from './TwoFactorPanel';
import { FormError } from '@/ui/FormError';
import { text } from '@/shared/text';
import { formErrorOf } from '../selectors';

export function PasswordForm() {
  const session = useSession();
  const busy = useSelector(session, (s) => s.hasTag('changingPassword'));
  const formError = useSelector(session, formErrorOf('password'));
  const withCode = useUser()?.twoFactorEnabled === true;
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [code, setCode] = useState('');

  useEffect(() => () => session.send({ type: 'CLEAR_FORM_ERROR' }), [session]);

  const field = (name: keyof typeof form, label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      value={form[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setForm((f) => ({ ...f, [name]: value }));
      }}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: 'CHANGE_PASSWORD', form: withCode ? { ...form, twoFactorCode: code } : form });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <FormError message={formError} />
        {field('oldPassword', text.user.oldPassword, 'current-password')}
        {field('newPassword', text.user.newPassword, 'new-password')}
        {field('confirmPassword', text.user.confirmNewPassword, 'new-password')}
        {withCode && <CodeInput value={code} onChange={setCode} />}
        <Group>
          <Button type="submit" loading={busy}>
            {text.user.confirmChanges}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
