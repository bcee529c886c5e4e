import { Button, Group, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { text } from '@/shared/text';
import { FormError } from '@/ui/FormError';
import { useSession } from '../context';
import { formErrorOf } from '../selectors';
import type { SessionEvent, SessionForm, SessionTag } from '../sessionMachine';

interface UserFormProps {
  /** whose validation message shows here */
  form: SessionForm;
  /** the session's tag while this form's request is in flight */
  busyTag: SessionTag;
  /** the event 确认修改 sends to the session */
  submit: () => SessionEvent;
  children: ReactNode;
}

/**
 * A form of the user page (profile, password): its message, its fields and 确认修改. The message
 * is the session's, and is cleared when the form leaves so it does not show on the next visit.
 */
export function UserForm({ form, busyTag, submit, children }: UserFormProps) {
  const session = useSession();
  const busy = useSelector(session, (s) => s.hasTag(busyTag));
  const formError = useSelector(session, formErrorOf(form));

  useEffect(() => () => session.send({ type: 'CLEAR_FORM_ERROR' }), [session]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    session.send(submit());
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
