import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useUser } from '@/features/session';
import { CodeInput } from '@/features/session/components';
import { UserForm } from './UserForm';
import { text } from '@/shared/text';

export function PasswordForm() {
  const withCode = useUser()?.twoFactorEnabled === true;
  const [form, setForm] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [code, setCode] = useState('');

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

  return (
    <UserForm
      form="password"
      busyTag="changingPassword"
      submit={() => ({ type: 'CHANGE_PASSWORD', form: withCode ? { ...form, twoFactorCode: code } : form })}
    >
      {field('oldPassword', text.user.oldPassword, 'current-password')}
      {field('newPassword', text.user.newPassword, 'new-password')}
      {field('confirmPassword', text.user.confirmNewPassword, 'new-password')}
      {withCode && <CodeInput value={code} onChange={setCode} />}
    </UserForm>
  );
}
