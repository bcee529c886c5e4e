import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@/ui/styles/forms';
import { Box, Tabs, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { text } from '@/shared/text';
import { useSearchParam } from '@/ui/useQueryParams';
import { PageSpinner } from '@/ui/PageSpinner';
import { ProfileForm } from '../components/ProfileForm';
import { PasswordForm } from '../components/PasswordForm';
import { TwoFactorPanel } from '../components/TwoFactorPanel';
import { DeleteAccount } from '../components/DeleteAccount';
import { SettingsForm } from '@/features/settings/components';
import { SoundPanel } from '@/features/sound/components';
import { ListenBrainzPanel } from '@/features/scrobbling/components';
import { KeptStoragePanel } from '@/features/offline/components';
import { useTwoFactorOffered, useTwoFactorRequired } from '@/features/session';
import { AccountProvider, useOpenAccount } from '../context';
import type { AccountRef } from '../accountMachine';
import { shownRecoveryCodesOf } from '../selectors';

const TABS = ['profile', 'password', 'twoFactor', 'settings', 'storage'] as const;
type Tab = (typeof TABS)[number];

/** The user page: the session starts its account while it is open (a moment: the code came with the page). */
export default function UserPage() {
  const account = useOpenAccount();
  if (!account) return <PageSpinner />;
  return (
    <AccountProvider value={account}>
      <UserTabs account={account} />
    </AccountProvider>
  );
}

function UserTabs({ account }: { account: AccountRef }) {
  const offered = useTwoFactorOffered();
  // on a site that enforces two-step sign-in, nothing else works until it is on: only its tab
  const required = useTwoFactorRequired();
  const [asked, setTab] = useSearchParam('tab');
  // recovery codes just handed out stay in view (turning it on where the site required it ends
  // `required`, which would otherwise switch tabs and drop them unseen)
  const showingCodes = useSelector(account, shownRecoveryCodesOf) !== null;
  useEffect(() => {
    if (showingCodes && asked !== 'twoFactor') setTab('twoFactor');
  }, [showingCodes, asked, setTab]);
  const tab: Tab =
    required || showingCodes
      ? 'twoFactor'
      : (TABS.find((t) => t === asked && (t !== 'twoFactor' || offered)) ?? 'profile');
  return (
    <Tabs value={tab} onChange={(next) => setTab(next === 'profile' ? null : next)} keepMounted={false}>
      <Tabs.List>
        {!required && <Tabs.Tab value="profile">{text.user.tabs.profile}</Tabs.Tab>}
        {!required && <Tabs.Tab value="password">{text.user.tabs.password}</Tabs.Tab>}
        {offered && <Tabs.Tab value="twoFactor">{text.user.tabs.twoFactor}</Tabs.Tab>}
        {!required && <Tabs.Tab value="settings">{text.user.tabs.settings}</Tabs.Tab>}
        {!required && <Tabs.Tab value="storage">{text.user.tabs.storage}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="profile" pt="md">
        <ProfileForm />
        <DeleteAccount />
      </Tabs.Panel>
      <Tabs.Panel value="password" pt="md">
        <PasswordForm />
      </Tabs.Panel>
      <Tabs.Panel value="twoFactor" pt="md">
        <TwoFactorPanel />
      </Tabs.Panel>
      <Tabs.Panel value="settings" pt="md">
        <SettingsForm />
        <Title order={3} size="h4" mt="xl" mb="sm">
          {text.sound.title}
        </Title>
        <Box maw={480}>
          <SoundPanel />
        </Box>
        <Title order={3} size="h4" mt="xl" mb="sm">
          {text.scrobbling.title}
        </Title>
        <ListenBrainzPanel />
      </Tabs.Panel>
      <Tabs.Panel value="storage" pt="md">
        {/* the keeping actor loads after the first page: the panel shows once it has */}
        <Suspense fallback={null}>
          <KeptStoragePanel />
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}
