// The code field of every two-step form (sign-in, turning it off, password, deleting the account,
// new recovery codes): the phone's number pad and one-time-code autofill for the authenticator's
// 6 digits; where the site has recovery codes, 改用恢复码 switches it to a text field for one
// (never where the code is the first of a new secret).
import '@mantine/core/styles/Input.layer.css';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { recoveryCodesOffered } from '@/rules/site';
import { text } from '@/shared/text';
import { useSiteInfo } from '../context';

export function CodeInput({
  value,
  onChange,
  autoFocus = false,
  authenticatorOnly = false,
}: {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  /** the first code of a new secret (turning it on, registering): no recovery code exists yet */
  authenticatorOnly?: boolean;
}) {
  const site = useSiteInfo();
  const offered = !authenticatorOnly && site !== undefined && recoveryCodesOffered(site);
  const [recovery, setRecovery] = useState(false);
  // after a switch, the field that took the other's place has the focus
  const [switched, setSwitched] = useState(false);
  const field = recovery ? (
    <TextInput
      key="recovery"
      label={text.user.recoveryCode}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={16}
      autoFocus
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  ) : (
    <TextInput
      key="code"
      label={text.user.twoFactorCode}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      autoFocus={autoFocus || switched}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
  if (!offered) return field;
  const switchField = () => {
    setRecovery((r) => !r);
    setSwitched(true);
    onChange('');
  };
  return (
    <Stack gap={4} align="flex-start">
      <div style={{ alignSelf: 'stretch' }}>{field}</div>
      <Button variant="subtle" size="compact-sm" px={0} onClick={switchField}>
        {recovery ? text.user.useTwoFactorCode : text.user.useRecoveryCode}
      </Button>
    </Stack>
  );
}
