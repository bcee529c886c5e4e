import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Skeleton, Stack, Title } from '@mantine/core';
import { useParams } from 'wouter';
import { useCredentials, useSyncGeneration, useSystem } from '@/app/SystemContext';
import { ALBUM_SKELETON_ROW_HEIGHT, SKELETON_ROWS } from '@/shared/constants';
import { discHeading, resolveTracks } from '@/services/albumInfo';
import { loadAlbumDetail } from '@/features/browse/actors';
import type { Credential } from '@/shared/types';
import { TrackList } from '@/ui/TrackList';
import { PlayButton, TrackMenu } from '@/features/player/components/TrackControls';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/ui/PageLoad';
import { AlbumHeader } from './AlbumHeader';

function AlbumSkeleton() {
  return (
    <Stack gap={4} aria-busy="true" aria-label={text.loading}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Skeleton key={i} height={ALBUM_SKELETON_ROW_HEIGHT} />
      ))}
    </Stack>
  );
}

function AlbumDetail({ albumId, credentials }: { albumId: string; credentials: Credential[] }) {
  const { api } = useSystem();
  const generation = useSyncGeneration();
  return (
    <PageLoad key={`${albumId}#${generation}`} load={() => loadAlbumDetail(api, albumId, credentials)}>
      {(state) => {
        if (state.status === 'loading') return <AlbumSkeleton />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        const { album, credential } = state.data;
        if (!album) return <Notice message={text.album.notFound} color="red" />;
        // one list for the whole album: a row's play button queues every disc, in order
        const tracks = resolveTracks(album);
        const playable = credential !== null;
        return (
          <Stack>
            <AlbumHeader album={album} credential={credential} tracks={tracks} />
            {album.discs.map((_, discIndex) => {
              const offset = tracks.findIndex((t) => t.discId === discIndex + 1);
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
                    playSlot={(_, index) => <PlayButton tracks={tracks} index={offset + index} disabled={!playable} />}
                    actions={(track) => <TrackMenu track={track} disabled={!playable} />}
                  />
                </section>
              );
            })}
          </Stack>
        );
      }}
    </PageLoad>
  );
}

export default function AlbumPage() {
  const { id } = useParams<{ id?: string }>();
  const credentials = useCredentials();
  if (!id) return <Notice message={text.album.idMissing} />;
  if (credentials === null) return <AlbumSkeleton />;
  return <AlbumDetail albumId={id} credentials={credentials} />;
}
