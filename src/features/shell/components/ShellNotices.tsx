// What the shell tells the listener: an "offline" banner while the browser has no network, and a
// "new version" prompt (刷新 / 稍后) when one waits to take over.
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { text } from '@/shared/text';
import { useShell } from '../context';
import { isOffline, updateAvailable, updating } from '../selectors';
import classes from './ShellNotices.module.css';

export function OfflineBanner() {
  const shell = useShell();
  const offline = useSelector(shell, isOffline);
  if (!offline) return null;
  return (
    <div role="status" className={classes.offline}>
      <Text size="sm" fw={500}>
        {text.shell.offline}
      </Text>
      <Text size="xs">{text.shell.offlineDetail}</Text>
    </div>
  );
}

export function UpdatePrompt() {
  const shell = useShell();
  const available = useSelector(shell, updateAvailable);
  const busy = useSelector(shell, updating);
  if (!available && !busy) return null;
  return (
    <Paper role="alertdialog" aria-label={text.shell.updateReady} shadow="md" withBorder p="sm" className={classes.update}>
      <Text size="sm" mb="xs">
        {text.shell.updateReady}
      </Text>
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" disabled={busy} onClick={() => shell.send({ type: 'DISMISS_UPDATE' })}>
          {text.shell.later}
        </Button>
        <Button size="xs" loading={busy} onClick={() => shell.send({ type: 'UPDATE' })}>
          {text.shell.refresh}
        </Button>
      </Group>
    </Paper>
  );
}
