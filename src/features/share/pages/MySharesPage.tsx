// 我的分享: the user's share links, newest first: open, copy the link, take it back (delete); the
// copy and the delete go through the page's myShares actor, one at a time.
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { ActionIcon, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { text } from '@/shared/text';
import { linkTo } from '@/services/addresses';
import type { ShareEntry } from '@/shared/types';
import { PageSpinner } from '@/ui/PageSpinner';
import { Tip } from '@/ui/Tip';
import { useMyShares } from '../context';
import type { MySharesRef } from '../mySharesMachine';

const formatDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString('zh-CN', { dateStyle: 'medium', timeStyle: 'short' });

function ShareCard({ share, actor }: { share: ShareEntry; actor: MySharesRef }) {
  const deleting = useSelector(actor, (s) => s.context.deleting === share.id);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const path = `/s/${encodeURIComponent(share.id)}`;
  const label = share.name || share.id;
  return (
    <Card withBorder padding="md" component="article" aria-label={label}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} href={path} fw={600} truncate>
            {label}
          </Anchor>
          <Text size="xs" c="dimmed">
            {text.share.sharedAt(formatDate(share.date))}
          </Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tip label={text.share.copy}>
            <ActionIcon
              variant="subtle"
              aria-label={text.share.copy}
              disabled={busy}
              onClick={() => actor.send({ type: 'COPY', link: linkTo(path) })}
            >
              <IconCopy size={18} />
            </ActionIcon>
          </Tip>
          <Tip label={text.share.takeBack}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={text.share.takeBack}
              loading={deleting}
              disabled={busy}
              onClick={() => actor.send({ type: 'DELETE', id: share.id })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tip>
        </Group>
      </Group>
    </Card>
  );
}

export default function MySharesPage() {
  const actor = useMyShares();
  return (
    <Stack>
      <Title order={2}>{text.share.mine}</Title>
      {actor ? <MyShares actor={actor} /> : <PageSpinner />}
    </Stack>
  );
}

function MyShares({ actor }: { actor: MySharesRef }) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const shares = useSelector(actor, (s) => s.context.shares);
  return (
    <>
      {loading && <PageSpinner />}
      {failed && (
        <Button variant="light" w="fit-content" onClick={() => actor.send({ type: 'RETRY' })}>
          {text.retry}
        </Button>
      )}
      {!loading && !failed && shares.length === 0 && <Text c="dimmed">{text.share.none}</Text>}
      {shares.map((share) => (
        <ShareCard key={share.id} share={share} actor={actor} />
      ))}
    </>
  );
}
