// What the app status tells the listener: an "offline" banner while the browser has no network, and a
// "new version" prompt (刷新 / 稍后) when one waits to take over.
import { Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { text } from '@/shared/firstPageText';
import { useAppStatus } from '../context';
import { isOffline, updateAvailable, updating } from '../selectors';
import classes from './AppStatusNotices.module.css';

export function OfflineBanner() {
  const appStatus = useAppStatus();
  const offline = useSelector(appStatus, isOffline);
  if (!offline) return null;
  return (
    <div role="status" className={classes.offline}>
      <Text size="sm" fw={500}>
        {text.appStatus.offline}
      </Text>
      <Text size="xs">{text.appStatus.offlineDetail}</Text>
    </div>
  );
}

// its dialog loads when a new version waits, which most visits never see
const UpdateDialog = lazy(() => import('./UpdateDialog'));

export function UpdatePrompt() {
  const appStatus = useAppStatus();
  const available = useSelector(appStatus, updateAvailable);
  const busy = useSelector(appStatus, updating);
  if (!available && !busy) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog busy={busy} />
    </Suspense>
  );
}
