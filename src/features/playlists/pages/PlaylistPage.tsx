// A playlist (docs/behaviour.md#other-pages): cover, name, description, its items, play-all; for its owner an edit
// button (修改播放列表信息), moves and removal. `normal` items play; `dummy` items show their title
// and artist greyed and cannot play; an `album` item plays its album's tracks. The items are a
// virtual list, so a list of thousands renders only the rows in view.
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { ActionIcon, Anchor, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconArrowDown, IconArrowUp, IconEdit, IconTrash } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useParams } from 'wouter';
import { useBrowse } from '@/features/browse';
import { useCredentialsKnown, useLibraryAccess, useSyncGeneration, type AlbumAccess } from '@/features/library';
import { PlayAllButton, PlayButton, TrackMenu } from '@/features/player/components';
import { useUser } from '@/features/session';
import { resolveTracks } from '@/services/albumInfo';
import { text } from '@/shared/text';
import { trackKey, type TrackInfo } from '@/shared/track';
import type { AlbumInfo, Playlist, PlaylistItem } from '@/shared/types';
import { ArtistText } from '@/ui/ArtistText';
import { Cover } from '@/ui/Cover';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/ui/PageLoad';
import { RowMenu, RowMenuItem } from '@/ui/RowMenu';
import { Tip } from '@/ui/Tip';
import { useTrackSlots } from '@/ui/trackSlots';
import { typeLabel } from '@/ui/TrackList';
import { useWindowHeight } from '@/ui/useWindowHeight';
import { VirtualList } from '@/ui/VirtualList';
import { PlaylistFormDialog } from '../components/PlaylistFormDialog';
import { usePlaylistPage } from '../context';
import { canMoveItem, canRemoveItem } from '../selectors';
import type { PlaylistRef } from '../playlistMachine';
import classes from './PlaylistPage.module.css';

const ROW_HEIGHT = 60;
/** header, player bar, page padding and the playlist's own header */
const CHROME_HEIGHT = 56 + 72 + 32 + 260;

/** what the page knows of the list's albums: which library serves them, the album items' infos */
interface ListAccess {
  access: AlbumAccess;
  albums: Map<string, AlbumInfo>;
}

/**
 * every playable track of the list in order, each once (as the queue holds them, docs/behaviour.md#player); an
 * album item stands for its album's tracks
 */
function playableTracks(items: readonly PlaylistItem[], known: ListAccess): TrackInfo[] {
  const seen = new Set<string>();
  const once = (track: TrackInfo) => !seen.has(trackKey(track)) && !!seen.add(trackKey(track));
  return items.flatMap((item) => {
    if (item.type === 'normal') return known.access.canPlay(item.track) ? [item.track] : [];
    if (item.type === 'album') {
      const album = known.albums.get(item.albumId);
      return album ? resolveTracks(album).filter(known.access.canPlay) : [];
    }
    return [];
  }).filter(once);
}

/** the stored cover, else the first playable album's; null when no library has it */
function coverOf(playlist: Playlist, known: ListAccess): string | null {
  if (playlist.cover) return known.access.discCoverUrl(playlist.cover.albumId, playlist.cover.discId);
  for (const item of playlist.items) {
    if (item.type === 'normal' && known.access.canPlay(item.track)) return known.access.coverUrl(item.track.albumId);
    if (item.type === 'album' && known.access.coverUrl(item.albumId)) return known.access.coverUrl(item.albumId);
  }
  return null;
}

function OwnerActions({ actor, item }: { actor: PlaylistRef; item: PlaylistItem }) {
  // the page's machine says what it takes now: its guards, not a copy of them here
  const canMoveUp = useSelector(actor, canMoveItem(item.id, -1));
  const canMoveDown = useSelector(actor, canMoveItem(item.id, 1));
  const canRemove = useSelector(actor, canRemoveItem(item.id));
  const moveUp = () => actor.send({ type: 'MOVE_ITEM', itemId: item.id, by: -1 });
  const moveDown = () => actor.send({ type: 'MOVE_ITEM', itemId: item.id, by: 1 });
  const remove = () => actor.send({ type: 'REMOVE_ITEM', itemId: item.id });
  return (
    <>
      {/* wide screens: three buttons; a phone: one menu, so the title keeps its room */}
      <Group gap={2} wrap="nowrap" className={classes.ownerInline}>
        <Tip label={text.playlist.moveUp}>
          <ActionIcon variant="subtle" color="gray" aria-label={text.playlist.moveUp} disabled={!canMoveUp} onClick={moveUp}>
            <IconArrowUp size={16} />
          </ActionIcon>
        </Tip>
        <Tip label={text.playlist.moveDown}>
          <ActionIcon variant="subtle" color="gray" aria-label={text.playlist.moveDown} disabled={!canMoveDown} onClick={moveDown}>
            <IconArrowDown size={16} />
          </ActionIcon>
        </Tip>
        <Tip label={text.playlist.removeItem}>
          <ActionIcon variant="subtle" color="red" aria-label={text.playlist.removeItem} disabled={!canRemove} onClick={remove}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tip>
      </Group>
      <div className={classes.ownerMenu}>
        <RowMenu label={text.playlist.itemActions} icon={<IconAdjustmentsHorizontal size={16} />} color="gray">
          <RowMenuItem disabled={!canMoveUp} onClick={moveUp}>
            {text.playlist.moveUp}
          </RowMenuItem>
          <RowMenuItem disabled={!canMoveDown} onClick={moveDown}>
            {text.playlist.moveDown}
          </RowMenuItem>
          <RowMenuItem color="red" disabled={!canRemove} onClick={remove}>
            {text.playlist.removeItem}
          </RowMenuItem>
        </RowMenu>
      </div>
    </>
  );
}

interface RowProps {
  item: PlaylistItem;
  index: number;
  known: ListAccess | null;
  playable: readonly TrackInfo[];
  owner: PlaylistRef | null;
}

function ItemRow({ item, index, known, playable, owner }: RowProps) {
  const number = String(index + 1).padStart(2, '0');
  let main;
  let play = null;
  let actions = null;
  if (item.type === 'normal') {
    const { track } = item;
    const label = typeLabel(track.type);
    play = <PlayButton tracks={playable} track={track} />;
    actions = <TrackMenu track={track} disabled={!known?.access.canPlay(track)} />;
    main = (
      <>
        <div className={classes.line}>
          <span className={classes.title}>{track.title}</span>
          {label && <span className={classes.type}>{label}</span>}
        </div>
        <div className={classes.sub}>
          <ArtistText artist={track.artist} className={classes.artist} />
          {track.albumTitle && <span className={classes.album}>{track.albumTitle}</span>}
        </div>
      </>
    );
  } else if (item.type === 'album') {
    const album = known?.albums.get(item.albumId);
    const first = playable.find((t) => t.albumId === item.albumId);
    // the album's first playable track starts it; none plays when no library has the album
    play = first ? <PlayButton tracks={playable} track={first} /> : null;
    main = (
      <>
        <div className={classes.line}>
          <Anchor component={Link} href={`/album/${item.albumId}`} className={classes.title} inherit>
            {album?.title ?? item.albumId}
          </Anchor>
          <span className={classes.type}>{text.playlist.albumItem}</span>
        </div>
        <div className={classes.sub}>{album && <ArtistText artist={album.artist} className={classes.artist} />}</div>
      </>
    );
  } else {
    main = (
      <>
        <div className={classes.line}>
          <span className={classes.title}>{item.title}</span>
          <span className={classes.type}>{text.playlist.unplayable}</span>
        </div>
        <div className={classes.sub}>
          <span className={classes.artist}>{item.artist}</span>
        </div>
      </>
    );
  }
  return (
    <div className={classes.row} data-odd={index % 2 === 0 || undefined} data-dummy={item.type === 'dummy' || undefined}>
      <div className={classes.slot}>{play}</div>
      <span className={classes.number}>{number}</span>
      <div className={classes.main}>{main}</div>
      <div className={classes.actions}>
        {actions}
        {owner && <OwnerActions actor={owner} item={item} />}
      </div>
    </div>
  );
}

function Items({ playlist, known, playable, owner }: { playlist: Playlist; known: ListAccess | null; playable: readonly TrackInfo[]; owner: PlaylistRef | null }) {
  const height = Math.max(useWindowHeight() - CHROME_HEIGHT, ROW_HEIGHT * 5);
  if (playlist.items.length === 0) return <Text c="dimmed">{text.playlist.noItems}</Text>;
  return (
    <VirtualList
      items={playlist.items}
      rowHeight={ROW_HEIGHT}
      height={Math.min(height, playlist.items.length * ROW_HEIGHT)}
      ariaLabel={playlist.name}
      itemKey={(item) => item.id}
      renderRow={(item, index) => <ItemRow item={item} index={index} known={known} playable={playable} owner={owner} />}
    />
  );
}

function PlaylistBody({ actor, playlist }: { actor: PlaylistRef; playlist: Playlist }) {
  const access = useLibraryAccess();
  const browse = useBrowse();
  const generation = useSyncGeneration();
  const user = useUser();
  const isOwner = user !== null && user.userId === playlist.owner;
  const slots = useTrackSlots();
  const editing = useSelector(actor, (s) => s.hasTag('editDialog'));
  const saving = useSelector(actor, (s) => s.hasTag('editDialog') && s.hasTag('busy'));
  const formError = useSelector(actor, (s) => s.context.formError);

  // the albums whose libraries decide what plays and which cover shows
  const { albumIds, albumItemIds } = useMemo(() => {
    const ids = new Set<string>();
    const albumItems = new Set<string>();
    if (playlist.cover) ids.add(playlist.cover.albumId);
    for (const item of playlist.items) {
      if (item.type === 'normal') ids.add(item.track.albumId);
      if (item.type === 'album') {
        ids.add(item.albumId);
        albumItems.add(item.albumId);
      }
    }
    return { albumIds: [...ids].sort(), albumItemIds: [...albumItems].sort() };
  }, [playlist]);

  const load = async (): Promise<ListAccess> => {
    const [known, page] = await Promise.all([
      access.forAlbums(albumIds),
      albumItemIds.length > 0 ? browse.albumPage(albumItemIds) : Promise.resolve({ albums: [] as AlbumInfo[] }),
    ]);
    return { access: known, albums: new Map(page.albums.map((a) => [a.albumId, a])) };
  };

  return (
    <PageLoad key={albumIds.join(',')} refresh={generation} load={load}>
      {(state) => {
        const known = state.status === 'success' ? state.data : null;
        const playable = known ? playableTracks(playlist.items, known) : [];
        const coverUrl = known ? coverOf(playlist, known) : state.status === 'failure' ? null : undefined;
        return (
          <Stack>
            <Group align="flex-start" gap="lg" wrap="wrap">
              <div style={{ width: 200, flex: 'none' }}>
                <Cover url={coverUrl} alt={playlist.name} size={200} unavailableText={text.playlist.coverUnavailable} />
              </div>
              <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                    {playlist.name}
                  </Title>
                  <Badge variant="light" color={playlist.isPublic ? 'teal' : 'gray'} style={{ flex: 'none' }}>
                    {playlist.isPublic ? text.playlist.public : text.playlist.private}
                  </Badge>
                </Group>
                {playlist.description && (
                  <Text c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {playlist.description}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {text.playlist.count(playlist.items.length)}
                </Text>
                <Group>
                  <PlayAllButton tracks={playable} label={text.album.playAll} />
                  {slots.share?.(playable, { name: playlist.name, cover: playlist.cover ?? undefined })}
                  {isOwner && (
                    <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => actor.send({ type: 'OPEN_EDIT' })}>
                      {text.playlist.edit}
                    </Button>
                  )}
                </Group>
              </Stack>
            </Group>
            <Items playlist={playlist} known={known} playable={playable} owner={isOwner ? actor : null} />
            {isOwner && (
              <PlaylistFormDialog
                title={text.playlist.edit}
                opened={editing}
                busy={saving}
                formError={formError}
                initial={{ name: playlist.name, description: playlist.description, isPublic: playlist.isPublic }}
                onSubmit={(form) => actor.send({ type: 'SUBMIT_EDIT', form })}
                onClose={() => actor.send({ type: 'CLOSE' })}
              />
            )}
          </Stack>
        );
      }}
    </PageLoad>
  );
}

function PlaylistView({ id }: { id: string }) {
  const actor = usePlaylistPage(id);
  if (!actor) return <PlaylistSkeleton />;
  return <PlaylistPageOf actor={actor} />;
}

function PlaylistSkeleton() {
  return (
    <Stack gap={4} aria-busy="true" aria-label={text.loading}>
      <Skeleton height={200} width={200} />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={ROW_HEIGHT - 4} />
      ))}
    </Stack>
  );
}

function PlaylistPageOf({ actor }: { actor: PlaylistRef }) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const error = useSelector(actor, (s) => (s.hasTag('failed') ? s.context.error : null));
  const playlist = useSelector(actor, (s) => s.context.playlist);

  if (loading) return <PlaylistSkeleton />;
  if (error !== null || !playlist) {
    return (
      <Stack>
        <Notice message={error ?? text.errors.unknown} color="red" />
        <Button variant="light" w="fit-content" onClick={() => actor.send({ type: 'RETRY' })}>
          {text.retry}
        </Button>
      </Stack>
    );
  }
  return <PlaylistBody actor={actor} playlist={playlist} />;
}

export default function PlaylistPage() {
  const { id } = useParams<{ id?: string }>();
  const credentialsKnown = useCredentialsKnown();
  // playlist ids are decimal numbers on every server
  if (!id || !/^\d{1,18}$/.test(id)) return <Notice message={text.playlist.idInvalid} color="red" />;
  if (!credentialsKnown) return <Skeleton height={200} width={200} />;
  return <PlaylistView key={id} id={id} />;
}

