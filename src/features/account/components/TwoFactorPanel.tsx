// 两步验证 on the user page: turn it on (a secret made here, shown as a QR code and as text, confirmed
// by the account's password and a first code) or off (with a code). Where the site has recovery
// codes, those handed out are shown once (copy, download), with the count left and a way to make
// new ones. On a site that enforces it, the reason is shown first.
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import { Alert, Button, Divider, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { newTotpSecret } from '@/services/totp';
import { text } from '@/shared/text';
import { FormError } from '@/ui/FormError';
import { useTwoFactorRequired, useUser } from '@/features/session';
import { CodeInput, SecretCard } from '@/features/session/components';
import { useAccount, useLeaveFormOnUnmount } from '../context';
import { formErrorOf } from '../selectors';
import { RecoveryCodes, ShownRecoveryCodes } from './RecoveryCodes';

export function TwoFactorPanel() {
  const account = useAccount();
  const user = useUser();
  const required = useTwoFactorRequired();
  const on = user?.twoFactorEnabled === true;

  // leaving the tab or the page: its form's message goes, and codes shown are not shown again
  useLeaveFormOnUnmount(account);

  return (
    <Stack maw={480}>
      {required && <Alert color="yellow">{text.user.twoFactorEnforced}</Alert>}
      <Text size="sm">{on ? text.user.twoFactorOn : text.user.twoFactorOff}</Text>
      <ShownRecoveryCodes />
      {on ? (
        <>
          <RecoveryCodes />
          <Divider />
          <DisableForm />
        </>
      ) : (
        <EnableForm />
      )}
    </Stack>
  );
}

/** 开启两步验证, then the secret to scan, the account's password and a first code */
function EnableForm() {
  const account = useAccount();
  const user = useUser();
  const busy = useSelector(account, (s) => s.hasTag('savingTwoFactor'));
  const formError = useSelector(account, formErrorOf('twoFactor'));
  const [secret, setSecret] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  if (secret === null) {
    return (
      <Group>
        <Button onClick={() => setSecret(newTotpSecret())}>{text.user.twoFactorStart}</Button>
      </Group>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    account.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret, code, password } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={formError} />
        <Text size="sm">{text.user.twoFactorScan}</Text>
        <SecretCard secret={secret} account={user?.email || user?.nickname || ''} />
        <CodeInput value={code} onChange={setCode} autoFocus authenticatorOnly />
        <PasswordInput
          label={text.user.twoFactorPassword}
          description={text.user.twoFactorPasswordHint}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={busy}>
            {text.user.twoFactorConfirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 关闭两步验证 with a code (or a recovery code) */
function DisableForm() {
  const account = useAccount();
  const busy = useSelector(account, (s) => s.hasTag('savingTwoFactor'));
  const formError = useSelector(account, formErrorOf('twoFactor'));
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    account.send({ type: 'DISABLE_TWO_FACTOR', code });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={formError} />
        <CodeInput value={code} onChange={setCode} />
        <Group>
          <Button type="submit" color="red" variant="light" loading={busy}>
            {text.user.twoFactorDisable}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
