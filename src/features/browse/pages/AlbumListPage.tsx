import { Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { useCredentials, useSyncGeneration, useSystem } from '@/app/SystemContext';
import { normalizeLibraryUrl } from '@/features/library/access';
import { loadAlbumPage } from '@/features/browse/actors';
import { getLibraryRecord } from '@/storage/libraryDb';
import type { Credential } from '@/shared/types';
import { AlbumWall } from '@/ui/AlbumWall';
import { PagedList } from '@/ui/PagedList';
import { PageSpinner } from '@/ui/PageSpinner';
import { useSearchParam } from '@/ui/useQueryParams';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/ui/PageLoad';

/** spec 2.6: 未找到指定的音频仓库, then the libraries page */
function UnknownLibrary() {
  const { messages } = useSystem();
  useEffect(() => messages.send({ type: 'ADD', severity: 'error', message: text.library.notFound }), [messages]);
  return <Redirect to="/library" replace />;
}

function AlbumsOf({ credential, credentials }: { credential: Credential; credentials: Credential[] }) {
  const { api } = useSystem();
  const generation = useSyncGeneration();
  return (
    <PageLoad key={`${credential.url}#${generation}`} load={() => getLibraryRecord(credential.url)}>
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        const albums = state.data?.albums ?? [];
        if (albums.length === 0) return <Notice message={text.library.notSynced} color="red" />;
        return (
          <PagedList items={albums} ariaLabel={text.album.listTitle}>
            {(pageIds) => (
              <PageLoad key={pageIds.join(',')} load={() => loadAlbumPage(api, pageIds, credentials)}>
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
    const wanted = normalizeLibraryUrl(url);
    const credential = credentials.find((c) => normalizeLibraryUrl(c.url) === wanted);
    body = credential ? <AlbumsOf credential={credential} credentials={credentials} /> : <UnknownLibrary />;
  }
  return (
    <Stack>
      <Title order={2}>{text.album.listTitle}</Title>
      {body}
    </Stack>
  );
}
