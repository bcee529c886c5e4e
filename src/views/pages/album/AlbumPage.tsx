import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Skeleton, Stack, Title } from '@mantine/core';
import { useParams } from 'wouter';
import { useCredentials, useSyncGeneration, useSystem } from '@/app/SystemContext';
import { ALBUM_SKELETON_ROW_HEIGHT, SKELETON_ROWS } from '@/constants';
import { discHeading, resolveDiscTracks } from '@/services/albumInfo';
import { loadAlbumDetail } from '@/services/browse';
import type { Credential } from '@/services/api/types';
import { TrackList } from '@/views/components/TrackList';
import { text } from '@/views/text';
import { Notice } from '../shared/Notice';
import { PageLoad } from '../shared/PageLoad';
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
        return (
          <Stack>
            <AlbumHeader album={album} credential={credential} />
            {album.discs.map((disc, index) => (
              <section key={index} aria-label={discHeading(album, index)}>
                <Title order={4} mb="xs">
                  {discHeading(album, index)}
                </Title>
                <TrackList tracks={resolveDiscTracks(album, index)} listIndex={index} showNumber showAlbum={false} />
              </section>
            ))}
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
