// Recovery codes on 两步验证, where the site has them (docs/behaviour.md#two-step-sign-in): the
// codes just handed out, shown once with 复制 and 下载 .txt until 我已保存; and, while two-step
// sign-in is on, how many are left and 生成新的恢复码 (the password and a code).
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Title.layer.css';
import { Alert, Button, Code, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { recoveryCodesOffered } from '@/rules/site';
import { RECOVERY_CODES_FILE } from '@/shared/constants';
import { text } from '@/shared/text';
import { FormError } from '@/ui/FormError';
import { useSiteInfo, useUser } from '@/features/session';
import { CodeInput } from '@/features/session/components';
import { useAccount } from '../context';
import { recoveryCodesHref, recoveryCodesText } from '../recoveryCodes';
import { formErrorOf, shownRecoveryCodesOf } from '../selectors';

// how long 已复制 shows on the button
const COPIED_MS = 2_000;

/** the codes the server just handed out: the only time they are seen */
export function ShownRecoveryCodes() {
  const account = useAccount();
  const codes = useSelector(account, shownRecoveryCodesOf);
  const user = useUser();
  const site = useSiteInfo();
  const clipboard = useClipboard({ timeout: COPIED_MS });
  if (!codes) return null;
  const content = recoveryCodesText(site?.siteName || 'Anniv', user?.email || user?.nickname || '', codes);
  return (
    <Alert
      color="yellow"
      title={text.user.recoveryCodesShownTitle}
      role="region"
      aria-label={text.user.recoveryCodesShownTitle}
    >
      <Stack gap="sm">
        <Text size="sm">{text.user.recoveryCodesShowOnce}</Text>
        {/* 11 characters a code: two columns fit a phone's width */}
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} role="list" aria-label={text.user.recoveryCodesList}>
          {codes.map((code) => (
            <Code key={code} role="listitem" fz="md" ta="center" style={{ userSelect: 'all', letterSpacing: '0.05em' }}>
              {code}
            </Code>
          ))}
        </SimpleGrid>
        {clipboard.error && (
          <Text size="sm" c="red">
            {text.user.recoveryCodesNoClipboard}
          </Text>
        )}
        <Group gap="xs">
          <Button variant="light" onClick={() => clipboard.copy(content)}>
            {clipboard.copied ? text.user.recoveryCodesCopied : text.user.recoveryCodesCopy}
          </Button>
          <Button variant="light" component="a" href={recoveryCodesHref(content)} download={RECOVERY_CODES_FILE}>
            {text.user.recoveryCodesDownload}
          </Button>
          <Button onClick={() => account.send({ type: 'DISMISS_RECOVERY_CODES' })}>
            {text.user.recoveryCodesDone}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** how many are left, and new ones; nothing on a site without them (anniv-go) */
export function RecoveryCodes() {
  const account = useAccount();
  const site = useSiteInfo();
  const left = useUser()?.recoveryCodesLeft;
  const busy = useSelector(account, (s) => s.hasTag('renewingRecoveryCodes'));
  const formError = useSelector(account, formErrorOf('recoveryCodes'));
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const shown = useSelector(account, shownRecoveryCodesOf) !== null;
  const reset = () => {
    setAsking(false);
    setPassword('');
    setCode('');
  };
  // new codes came: the form is done with (and 生成新的恢复码 waits until they are put away)
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only calls state setters
  useEffect(() => {
    if (shown) reset();
  }, [shown]);
  if (!site || !recoveryCodesOffered(site)) return null;
  const cancel = () => {
    reset();
    account.send({ type: 'CLEAR_FORM_ERROR' });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    account.send({ type: 'RENEW_RECOVERY_CODES', form: { password, code } });
  };
  return (
    <Stack gap="xs">
      <Title order={4}>{text.user.recoveryCodesTitle}</Title>
      {left === 0 ? (
        <Text size="sm" c="red">
          {text.user.recoveryCodesNone}
        </Text>
      ) : (
        left !== undefined && <Text size="sm">{text.user.recoveryCodesLeft(left)}</Text>
      )}
      {asking ? (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {text.user.recoveryCodesRenewHint}
            </Text>
            <FormError message={formError} />
            <PasswordInput
              label={text.user.twoFactorPassword}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <CodeInput value={code} onChange={setCode} />
            <Group>
              <Button type="submit" loading={busy}>
                {text.user.recoveryCodesRenewConfirm}
              </Button>
              <Button variant="default" disabled={busy} onClick={cancel}>
                {text.user.cancel}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        !shown && (
          <Group>
            <Button variant="light" onClick={() => setAsking(true)}>
              {text.user.recoveryCodesRenew}
            </Button>
          </Group>
        )
      )}
    </Stack>
  );
}
