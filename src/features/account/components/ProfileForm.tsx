import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Avatar, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useUser } from '@/features/session';
import { UserForm } from './UserForm';
import { text } from '@/shared/text';

export function ProfileForm() {
  const user = useUser();
  const [nickname, setNickname] = useState(user?.nickname ?? '');
  const [avatar, setAvatar] = useState(user?.avatar ?? '');

  return (
    <UserForm
      form="profile"
      busyTag="savingProfile"
      submit={() => ({ type: 'UPDATE_PROFILE', form: { nickname, avatar } })}
    >
      <Group>
        <Avatar src={avatar || null} alt={nickname} size="lg" />
      </Group>
      <TextInput label={text.user.nickname} value={nickname} onChange={(e) => setNickname(e.currentTarget.value)} />
      <TextInput label={text.user.avatar} value={avatar} onChange={(e) => setAvatar(e.currentTarget.value)} />
    </UserForm>
  );
}
