// /s/{shareId} (docs/behaviour.md#other-pages, #player): a shared list, open to everyone. Cover, name, description, numbered
// tracks with play/pause, type tags and artists (no row menus: the page stays light for a visitor's
// first load); 10 skeleton rows while loading. Its tracks play
// through the share's tokens (each queued track remembers its share), never the visitor's own.
import '@mantine/core/styles/Skeleton.layer.css';
import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'wouter';
import { PlayAllButton, PlayButton } from '@/features/player/playButtons.public';
import { isApiError } from '@/services/api/errors';
import { resolveTrack } from '@/rules/albumInfo';
import { ALBUM_SKELETON_ROW_HEIGHT, SKELETON_ROWS, STATUS_NOT_FOUND } from '@/shared/constants';
import { text } from '@/shared/text';
import { SHARE_ID_PATTERN, type TrackInfo } from '@/shared/track';
import type { SharedList } from '@/shared/types';
import { Cover } from '@/ui/Cover';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/features/pageLoad';
import { TrackList } from '@/ui/TrackList';
import { useShare } from '../context';

interface SharedView {
  list: SharedList;
  tracks: TrackInfo[];
  playable: TrackInfo[];
  coverUrl: string | null;
}

/** the shared tracks in order, described by the share's metadata */
export function sharedTracks(list: SharedList): TrackInfo[] {
  return list.songs.flatMap((song) =>
    song.tracks.map((trackId): TrackInfo => {
      const album = list.albums[song.albumId];
      const track = album ? resolveTrack(album, song.discId, trackId) : null;
      return {
        albumId: song.albumId,
        discId: song.discId,
        trackId,
        title: track?.title ?? `${song.discId}-${trackId}`,
        artist: track?.artist ?? album?.artist ?? '',
        type: track?.type ?? 'normal',
        albumTitle: album?.title ?? '',
        shareId: list.id,
      };
    }),
  );
}

function Rows() {
  return (
    <Stack gap={4} aria-busy="true" aria-label={text.loading}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} height={ALBUM_SKELETON_ROW_HEIGHT} />
      ))}
    </Stack>
  );
}

function Shared({ id }: { id: string }) {
  const { shares } = useShare();
  const load = async (): Promise<SharedView> => {
    const { list, access } = await shares.open(id).catch((error: unknown) => {
      // an unknown or taken-back share: say so in the catalogue's words
      throw isApiError(error, STATUS_NOT_FOUND) ? new Error(text.share.notFound) : error;
    });
    const tracks = sharedTracks(list);
    const known = await access.forAlbums([
      ...new Set([...tracks.map((t) => t.albumId), ...(list.cover ? [list.cover.albumId] : [])]),
    ]);
    return {
      list,
      tracks,
      playable: tracks.filter(known.canPlay),
      coverUrl: list.cover ? known.discCoverUrl(list.cover.albumId, list.cover.discId) : null,
    };
  };
  return (
    <PageLoad name="sharedList" key={id} load={load}>
      {(state) => {
        if (state.status === 'loading') return <Rows />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        const { list, tracks, playable, coverUrl } = state.data;
        return (
          <Stack>
            <Group align="flex-start" gap="lg" wrap="wrap">
              <div style={{ width: 200, flex: 'none' }}>
                <Cover url={coverUrl} alt={list.name} size={200} />
              </div>
              <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
                <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                  {list.name}
                </Title>
                {list.description && (
                  <Text c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {list.description}
                  </Text>
                )}
                <Group>
                  <PlayAllButton tracks={playable} label={text.album.playAll} />
                </Group>
              </Stack>
            </Group>
            <TrackList
              tracks={tracks}
              listIndex={0}
              showNumber
              ariaLabel={list.name}
              playSlot={(track) => <PlayButton tracks={playable} track={track} />}
            />
          </Stack>
        );
      }}
    </PageLoad>
  );
}

export default function SharedPage() {
  const { id } = useParams<{ id?: string }>();
  if (!id) return <Notice message={text.share.idMissing} />;
  // wouter hands the segment decoded once; an id holds only letters, digits, _ and -
  if (!SHARE_ID_PATTERN.test(id)) return <Notice message={text.share.idInvalid} color="red" />;
  return <Shared key={id} id={id} />;
}
