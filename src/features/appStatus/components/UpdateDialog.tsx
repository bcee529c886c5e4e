// The new-version prompt (刷新 / 稍后), shown while a new version waits to take over.
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Paper, Text } from '@mantine/core';
import { text } from '@/shared/firstPageText';
import { useAppStatus } from '../context';
import classes from './AppStatusNotices.module.css';

export default function UpdateDialog({ busy }: { busy: boolean }) {
  const appStatus = useAppStatus();
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
