// 两步验证 on the user page: turn it on (a secret made here, shown as a QR code and as text, confirmed
// by a first code) or off (with a code). On a site that enforces it, the reason is shown first.
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Alert, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { groupedSecret, newTotpSecret, otpauthUri } from '@/services/totp';
import { text } from '@/shared/text';
import { FormError } from '@/ui/FormError';
import { QrCode } from '@/ui/QrCode';
import { useSession, useSiteInfo, useTwoFactorRequired, useUser } from '../context';
import { formErrorOf } from '../selectors';

/** the code field of every two-step form: the phone's number pad and one-time-code autofill */
export function CodeInput({ value, onChange, autoFocus = false }: { value: string; onChange: (value: string) => void; autoFocus?: boolean }) {
  return (
    <TextInput
      label={text.user.twoFactorCode}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      autoFocus={autoFocus}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export function TwoFactorPanel() {
  const session = useSession();
  const user = useUser();
  const required = useTwoFactorRequired();
  const busy = useSelector(session, (s) => s.hasTag('savingTwoFactor'));
  const formError = useSelector(session, formErrorOf('twoFactor'));
  const [secret, setSecret] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const on = user?.twoFactorEnabled === true;

  useEffect(() => () => session.send({ type: 'CLEAR_FORM_ERROR' }), [session]);
  // once it is on or off, the setup and a code typed for it are done with
  useEffect(() => {
    setCode('');
    setSecret(null);
  }, [on]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (on) session.send({ type: 'DISABLE_TWO_FACTOR', code });
    else if (secret) session.send({ type: 'ENABLE_TWO_FACTOR', setup: { secret, code } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        {required && <Alert color="yellow">{text.user.twoFactorEnforced}</Alert>}
        <Text size="sm">{on ? text.user.twoFactorOn : text.user.twoFactorOff}</Text>
        <FormError message={formError} />
        {on ? (
          <>
            <CodeInput value={code} onChange={setCode} />
            <Group>
              <Button type="submit" color="red" variant="light" loading={busy}>
                {text.user.twoFactorDisable}
              </Button>
            </Group>
          </>
        ) : secret === null ? (
          <Group>
            <Button onClick={() => setSecret(newTotpSecret())}>{text.user.twoFactorStart}</Button>
          </Group>
        ) : (
          <SetupSteps secret={secret} code={code} setCode={setCode} busy={busy} />
        )}
      </Stack>
    </form>
  );
}

/** the secret as a QR code for an authenticator app, and as text to type in by hand */
export function SecretCard({ secret, account }: { secret: string; account: string }) {
  const site = useSiteInfo();
  const uri = otpauthUri({ issuer: site?.siteName || 'Anniv', account, secret });
  return (
    <>
      <QrCode value={uri} label={text.user.twoFactorQr} />
      <Stack gap={4}>
        <Text size="sm" fw={600} id="two-factor-secret">
          {text.user.twoFactorSecret}
        </Text>
        <Code aria-labelledby="two-factor-secret" fz="md" style={{ userSelect: 'all', overflowWrap: 'anywhere' }}>
          {groupedSecret(secret)}
        </Code>
      </Stack>
    </>
  );
}

function SetupSteps({ secret, code, setCode, busy }: { secret: string; code: string; setCode: (code: string) => void; busy: boolean }) {
  const user = useUser();
  return (
    <>
      <Text size="sm">{text.user.twoFactorScan}</Text>
      <SecretCard secret={secret} account={user?.email || user?.nickname || ''} />
      <CodeInput value={code} onChange={setCode} autoFocus />
      <Group>
        <Button type="submit" loading={busy}>
          {text.user.twoFactorConfirm}
        </Button>
      </Group>
    </>
  );
}
