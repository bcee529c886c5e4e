// A playlist (docs/behaviour.md#other-pages): cover, name, description, its items, play-all; for its owner an edit
// button (修改播放列表信息), moves and removal. `normal` items play; `dummy` items show their title
// and artist greyed and cannot play; an `album` item plays its album's tracks. The items are a
// virtual list, so a list of thousands renders only the rows in view.
import '@mantine/core/styles/Skeleton.layer.css';
import { Button, Skeleton, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useParams } from 'wouter';
import { useBrowse } from '@/features/browse';
import { useAccessGeneration, useCredentialsKnown, useLibraryAccess } from '@/features/library';
import { useUser } from '@/features/session';
import { resolveTracks } from '@/rules/albumInfo';
import { text } from '@/shared/text';
import { trackKey, type TrackInfo } from '@/shared/track';
import type { AlbumInfo, Playlist, PlaylistItem } from '@/shared/types';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/features/pageLoad';
import { PlaylistEditDialog } from '../components/PlaylistEditDialog';
import { PlaylistHeader } from '../components/PlaylistHeader';
import type { ListAccess } from '../components/PlaylistItemRow';
import { PlaylistItems, ROW_HEIGHT } from '../components/PlaylistItems';
import { usePlaylistPage } from '../context';
import type { PlaylistRef } from '../playlistMachine';

/**
 * every playable track of the list in order, each once (as the queue holds them, docs/behaviour.md#player); an
 * album item stands for its album's tracks
 */
function playableTracks(items: readonly PlaylistItem[], known: ListAccess): TrackInfo[] {
  const seen = new Set<string>();
  const once = (track: TrackInfo) => !seen.has(trackKey(track)) && !!seen.add(trackKey(track));
  return items
    .flatMap((item) => {
      if (item.type === 'normal') return known.access.canPlay(item.track) ? [item.track] : [];
      if (item.type === 'album') {
        const album = known.albums.get(item.albumId);
        return album ? resolveTracks(album).filter(known.access.canPlay) : [];
      }
      return [];
    })
    .filter(once);
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

function PlaylistBody({ actor, playlist }: { actor: PlaylistRef; playlist: Playlist }) {
  const access = useLibraryAccess();
  const browse = useBrowse();
  const generation = useAccessGeneration();
  const user = useUser();
  const isOwner = user !== null && user.userId === playlist.owner;

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
    <PageLoad name="playlistAlbums" key={albumIds.join(',')} refresh={generation} load={load}>
      {(state) => {
        const known = state.status === 'success' ? state.data : null;
        const playable = known ? playableTracks(playlist.items, known) : [];
        const coverUrl = known ? coverOf(playlist, known) : state.status === 'failure' ? null : undefined;
        return (
          <Stack>
            <PlaylistHeader
              actor={actor}
              playlist={playlist}
              coverUrl={coverUrl}
              playable={playable}
              isOwner={isOwner}
            />
            <PlaylistItems playlist={playlist} known={known} playable={playable} owner={isOwner ? actor : null} />
            {isOwner && <PlaylistEditDialog actor={actor} playlist={playlist} />}
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
