// 删除账号 at the foot of the profile tab: a dialog that says it cannot be undone and asks for the
// password (and the code of two-step sign-in when it is on); afterwards the device is cleared as at
// logout.
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Divider, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { text } from '@/shared/text';
import { FormError } from '@/ui/FormError';
import { useUser } from '@/features/session';
import { CodeInput } from '@/features/session/components';
import { useAccount } from '../context';
import { formErrorOf } from '../selectors';

export function DeleteAccount() {
  const account = useAccount();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    account.send({ type: 'CLEAR_FORM_ERROR' });
  };
  return (
    <Stack maw={480} mt="xl">
      <Divider />
      <Group>
        <Button color="red" variant="light" onClick={() => setOpen(true)}>
          {text.user.deleteAccount}
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={close}
        title={text.user.deleteAccount}
        closeButtonProps={{ 'aria-label': text.close }}
      >
        {open && <DeleteForm onCancel={close} />}
      </Modal>
    </Stack>
  );
}

function DeleteForm({ onCancel }: { onCancel: () => void }) {
  const account = useAccount();
  const user = useUser();
  const busy = useSelector(account, (s) => s.hasTag('busy'));
  const formError = useSelector(account, formErrorOf('deleteAccount'));
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const withCode = user?.twoFactorEnabled === true;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    account.send({ type: 'DELETE_ACCOUNT', form: withCode ? { password, twoFactorCode: code } : { password } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="red">
          {text.user.deleteAccountWarning}
        </Text>
        <FormError message={formError} />
        <PasswordInput
          label={text.auth.password}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          data-autofocus
        />
        {withCode && <CodeInput value={code} onChange={setCode} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {text.user.cancel}
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {text.user.deleteAccountConfirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
