import { Avatar, Button, Group, Stack, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSession, useUser } from '../context';
import { FormError } from '@/ui/FormError';
import { text } from '@/shared/text';
import { formErrorOf } from '../selectors';

export function ProfileForm() {
  const session = useSession();
  const user = useUser();
  const busy = useSelector(session, (s) => s.hasTag('savingProfile'));
  const formError = useSelector(session, formErrorOf('profile'));
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [avatar, setAvatar] = useState(user?.avatar ?? '');

  useEffect(() => () => session.send({ type: 'CLEAR_FORM_ERROR' }), [session]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: 'UPDATE_PROFILE', form: { nickname, avatar } });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={480}>
        <FormError message={formError} />
        <Group>
          <Avatar src={avatar || null} alt={nickname} size="lg" />
        </Group>
        <TextInput label={text.user.nickname} value={nickname} onChange={(e) => setNickname(e.currentTarget.value)} />
        <TextInput label={text.user.avatar} value={avatar} onChange={(e) => setAvatar(e.currentTarget.value)} />
        <Group>
          <Button type="submit" loading={busy}>
            {text.user.confirmChanges}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
