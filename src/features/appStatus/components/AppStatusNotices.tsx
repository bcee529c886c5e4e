// What the app status tells the listener: an "offline" banner while the browser has no network, and a
// "new version" prompt (刷新 / 稍后) when one waits to take over.
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
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

export function UpdatePrompt() {
  const appStatus = useAppStatus();
  const available = useSelector(appStatus, updateAvailable);
  const busy = useSelector(appStatus, updating);
  if (!available && !busy) return null;
  return (
    <Paper
      role="alertdialog"
      aria-label={text.appStatus.updateReady}
      shadow="md"
      withBorder
      p="sm"
      className={classes.update}
    >
      <Text size="sm" mb="xs">
        {text.appStatus.updateReady}
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" disabled={busy} onClick={() => appStatus.send({ type: 'DISMISS_UPDATE' })}>
          {text.appStatus.later}
        </Button>
        <Button size="xs" loading={busy} onClick={() => appStatus.send({ type: 'UPDATE' })}>
          {text.appStatus.refresh}
        </Button>
      </Group>
    </Paper>
  );
}
