// Who made a list, on its page: the owner's nickname (or 我 for one's own), a link to their page
// (their public playlists). While the name is read, or when it cannot be, the link says 查看创建者.
import '@mantine/core/styles/Anchor.layer.css';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'wouter';
import { PageLoad } from '@/features/pageLoad';
import { text } from '@/shared/text';
import { usePlaylists } from '../context';

export function PlaylistOwner({ ownerId, isOwner }: { ownerId: string; isOwner: boolean }) {
  const { ownerName } = usePlaylists();
  if (ownerId === '') return null;
  return (
    <PageLoad
      name="playlistOwner"
      key={ownerId}
      load={() => (isOwner ? Promise.resolve(text.listener.me) : ownerName(ownerId))}
    >
      {(state) => (
        <Text size="sm">
          {text.listener.madeBy}
          <Anchor component={Link} href={`/listener/${ownerId}`}>
            {(state.status === 'success' && state.data) || text.listener.seeOwner}
          </Anchor>
        </Text>
      )}
    </PageLoad>
  );
}
