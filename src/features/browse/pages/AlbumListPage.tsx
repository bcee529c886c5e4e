import { Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { useCredentials, useSyncGeneration } from '@/features/library';
import { sameLibrary } from '@/services/libraryUrls';
import type { Credential } from '@/shared/types';
import { AlbumWall } from '@/ui/AlbumWall';
import { PagedList } from '@/ui/PagedList';
import { PageSpinner } from '@/ui/PageSpinner';
import { useSearchParam } from '@/ui/useQueryParams';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/ui/PageLoad';
import { useNotify } from '@/ui/notify';
import { useBrowse } from '../context';

/** spec 2.6: 未找到指定的音频仓库, then the libraries page */
function UnknownLibrary() {
  const notify = useNotify();
  useEffect(() => notify('error', text.library.notFound), [notify]);
  return <Redirect to="/library" replace />;
}

function AlbumsOf({ credential }: { credential: Credential }) {
  const browse = useBrowse();
  const generation = useSyncGeneration();
  return (
    <PageLoad key={credential.url} refresh={generation} load={() => browse.libraryAlbums(credential.url)}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        const albums = state.data;
        if (albums.length === 0) return <Notice message={text.library.notSynced} color="red" />;
        return (
          <PagedList items={albums} ariaLabel={text.album.listTitle}>
            {(pageIds) => (
              <PageLoad key={pageIds.join(',')} load={() => browse.albumPage(pageIds)}>
                {(page) =>
                  page.status === 'success' ? (
                    <AlbumWall albums={page.data.albums} coverUrlOf={(id) => page.data.covers[id] ?? null} />
                  ) : page.status === 'loading' ? (
                    <PageSpinner />
                  ) : (
                    <Notice message={page.error} color="red" />
                  )
                }
              </PageLoad>
            )}
          </PagedList>
        );
      }}
    </PageLoad>
  );
}

export default function AlbumListPage() {
  const [url] = useSearchParam('url');
  const credentials = useCredentials();

  let body;
  if (!url) body = <Notice message={text.library.urlMissing} />;
  else if (credentials === null) body = <PageSpinner />;
  else {
    const credential = credentials.find((c) => sameLibrary(c.url, url));
    body = credential ? <AlbumsOf credential={credential} /> : <UnknownLibrary />;
  }
  return (
    <Stack>
      <Title order={2}>{text.album.listTitle}</Title>
      {body}
    </Stack>
  );
}
