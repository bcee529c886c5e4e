import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@/ui/styles/forms';
import { Tabs } from '@mantine/core';
import { text } from '@/shared/text';
import { ProfileForm } from './ProfileForm';
import { PasswordForm } from './PasswordForm';
import { SettingsForm } from '@/features/settings/components';

export default function UserPage() {
  return (
    <Tabs defaultValue="profile" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="profile">{text.user.tabs.profile}</Tabs.Tab>
        <Tabs.Tab value="password">{text.user.tabs.password}</Tabs.Tab>
        <Tabs.Tab value="settings">{text.user.tabs.settings}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="profile" pt="md">
        <ProfileForm />
      </Tabs.Panel>
      <Tabs.Panel value="password" pt="md">
        <PasswordForm />
      </Tabs.Panel>
      <Tabs.Panel value="settings" pt="md">
        <SettingsForm />
      </Tabs.Panel>
    </Tabs>
  );
}
