import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'wouter';
import { useAccessGeneration, useCredentialsKnown, useSyncGeneration } from '@/features/library';
import { PlayButton, TrackMenu } from '@/features/player/components';
import { ALBUM_SKELETON_ROW_HEIGHT, SKELETON_ROWS } from '@/shared/constants';
import { discHeading, resolveTracks } from '@/rules/albumInfo';
import { TrackList } from '@/ui/TrackList';
import { text } from '@/shared/text';
import type { AlbumInfo } from '@/shared/types';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/features/pageLoad';
import { useAlbumPlays } from '@/features/listening/albumPlays.public';
import { trackKey } from '@/shared/track';
import { useBrowse } from '../context';
import type { AlbumAvailability } from '../actors';
import { AlbumHeader } from '../components/AlbumHeader';

function AlbumSkeleton() {
  return (
    <Stack gap={4} aria-busy="true" aria-label={text.loading}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} height={ALBUM_SKELETON_ROW_HEIGHT} />
      ))}
    </Stack>
  );
}

/** the album's tracks; which can play is known once `availability` is (until then none can) */
function AlbumBody({ album, availability }: { album: AlbumInfo; availability: AlbumAvailability | null }) {
  // one list for the whole album: a row's play button queues every playable track of every disc, in order
  const tracks = resolveTracks(album);
  const canPlay = availability?.canPlay ?? (() => false);
  const playable = tracks.filter(canPlay);
  // the listener's plays of each track (one request for the album), once known
  const plays = useAlbumPlays(album.albumId);
  const playCount = (key: string) => {
    const count = plays?.get(key) ?? 0;
    return count > 0 ? (
      <Text component="span" size="xs" c="dimmed" style={{ flex: 'none' }}>
        {text.listening.albumPlays(count)}
      </Text>
    ) : null;
  };
  return (
    <Stack>
      <AlbumHeader album={album} coverUrl={availability?.coverUrl ?? null} tracks={tracks} playable={playable} />
      {album.discs.map((_, discIndex) => {
        const discTracks = tracks.filter((t) => t.discId === discIndex + 1);
        return (
          <section key={discIndex} aria-label={discHeading(album, discIndex)}>
            <Title order={4} mb="xs">
              {discHeading(album, discIndex)}
            </Title>
            <TrackList
              tracks={discTracks}
              listIndex={discIndex}
              showNumber
              showAlbum={false}
              playSlot={(track) => <PlayButton tracks={playable} track={track} />}
              actions={(track) => (
                <>
                  {playCount(trackKey(track))}
                  <TrackMenu track={track} disabled={!canPlay(track)} />
                </>
              )}
            />
          </section>
        );
      })}
    </Stack>
  );
}

/**
 * Which library serves the album is known once the credentials are: the tracks show from the
 * album's info alone, and their buttons come on when the libraries are known.
 */
function AlbumWithAvailability({ album }: { album: AlbumInfo }) {
  const browse = useBrowse();
  const credentialsKnown = useCredentialsKnown();
  const generation = useAccessGeneration();
  if (!credentialsKnown) return <AlbumBody album={album} availability={null} />;
  return (
    <PageLoad name="albumAvailability" refresh={generation} load={() => browse.albumAvailability(album.albumId)}>
      {(state) => <AlbumBody album={album} availability={state.status === 'success' ? state.data : null} />}
    </PageLoad>
  );
}

function AlbumDetail({ albumId }: { albumId: string }) {
  const browse = useBrowse();
  const generation = useSyncGeneration();
  return (
    <PageLoad name="albumInfo" key={albumId} refresh={generation} load={() => browse.albumInfo(albumId)}>
      {(state) => {
        if (state.status === 'loading') return <AlbumSkeleton />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        if (!state.data) return <Notice message={text.album.notFound} color="red" />;
        return <AlbumWithAvailability album={state.data} />;
      }}
    </PageLoad>
  );
}

export default function AlbumPage() {
  const { id } = useParams<{ id?: string }>();
  if (!id) return <Notice message={text.album.idMissing} />;
  return <AlbumDetail albumId={id} />;
}
