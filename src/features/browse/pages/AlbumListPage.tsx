import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { useCredentials, useLibraryRecord, useSyncGeneration } from '@/features/library';
import { sameLibrary } from '@/services/libraryUrls';
import type { Credential } from '@/shared/types';
import { LoadedAlbumWall } from '@/ui/LoadedAlbumWall';
import { Paged } from '@/ui/PagedList';
import { PageSpinner } from '@/ui/PageSpinner';
import { useSearchParam } from '@/ui/useQueryParams';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/features/pageLoad';
import { useNotify } from '@/ui/notify';
import { useBrowse } from '../context';

/** docs/behaviour.md#library-pages: 未找到指定的音频仓库, then the libraries page */
function UnknownLibrary() {
  const notify = useNotify();
  useEffect(() => notify('error', text.library.notFound), [notify]);
  return <Redirect to="/library" replace />;
}

/**
 * The library's albums, one page at a time: the page count comes from the album count its last
 * sync stored, and only the shown page's albums are read and fetched, so page 1 and page 3,000 of a
 * 100,000-album library load alike.
 */
function AlbumsOf({ credential }: { credential: Credential }) {
  const browse = useBrowse();
  const generation = useSyncGeneration();
  const record = useLibraryRecord(credential.url);
  if (record === undefined) return <PageSpinner />;
  if (record === null || record.albumCount === 0) return <Notice message={text.library.notSynced} color="red" />;
  return (
    <Paged length={record.albumCount} ariaLabel={text.album.listTitle}>
      {(offset, size) => (
        <PageLoad
          name="libraryAlbums"
          key={`${offset}:${size}`}
          refresh={generation}
          load={() => browse.libraryAlbumPage(credential.url, offset, size)}
        >
          {(page) => <LoadedAlbumWall state={page} />}
        </PageLoad>
      )}
    </Paged>
  );
}

export default function AlbumListPage() {
  const [url] = useSearchParam('url');
  const credentials = useCredentials();

  let body: ReactNode;
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
