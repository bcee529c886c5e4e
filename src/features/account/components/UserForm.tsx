import { Button, Group, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent, ReactNode } from 'react';
import { text } from '@/shared/text';
import { FormError } from '@/ui/FormError';
import { useAccount, useLeaveFormOnUnmount } from '../context';
import { formErrorOf } from '../selectors';
import type { AccountEvent, AccountForm, AccountTag } from '../accountMachine';

interface UserFormProps {
  /** whose validation message shows here */
  form: AccountForm;
  /** the account's tag while this form's request is in flight */
  busyTag: AccountTag;
  /** the event 确认修改 sends to the account */
  submit: () => AccountEvent;
  children: ReactNode;
}

/**
 * A form of the user page (profile, password): its message, its fields and 确认修改. The message
 * is the account's, and is cleared when the form leaves so it does not show on the next visit.
 */
export function UserForm({ form, busyTag, submit, children }: UserFormProps) {
  const account = useAccount();
  const busy = useSelector(account, (s) => s.hasTag(busyTag));
  const formError = useSelector(account, formErrorOf(form));

  useLeaveFormOnUnmount(account);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    account.send(submit());
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={480}>
        <FormError message={formError} />
        {children}
        <Group>
          <Button type="submit" loading={busy}>
            {text.user.confirmChanges}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
