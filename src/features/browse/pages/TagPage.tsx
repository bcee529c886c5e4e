import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useCredentialsKnown, useSyncGeneration } from '@/features/library';
import { currentRoute } from '@/services/addresses';
import { childrenOf, parentsOf, tagLabel } from '@/rules/tags';
import { AlbumWall } from '@/ui/AlbumWall';
import { PagedList } from '@/ui/PagedList';
import { PageSpinner } from '@/ui/PageSpinner';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/features/pageLoad';
import { useBrowse } from '../context';
import { TagLinks } from '../components/TagLinks';

const PREFIX = '/tag/';

/** the route as wouter compares it: decodeURI, kept as it is when that fails */
function asRouted(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The tag of the route this page shows. wouter hands over the route passed through decodeURI,
 * which turns %25 into % and would break a tag such as "100% Acoustic" on a second decode, so the
 * tag is read from the raw address, but only while the address is this page's route: route changes
 * render in a transition, and a page on its way out must not read the next route's address (it
 * asked the server for the albums of an empty tag).
 */
function useRouteTag(): string {
  const [shown] = useLocation();
  const raw = currentRoute().path;
  const last = useRef('');
  if (raw.startsWith(PREFIX) && asRouted(raw) === shown) {
    const encoded = raw.slice(PREFIX.length);
    try {
      last.current = decodeURIComponent(encoded);
    } catch {
      last.current = encoded;
    }
  } else if (last.current === '' && shown.startsWith(PREFIX)) {
    last.current = shown.slice(PREFIX.length);
  }
  return last.current;
}

function TagRelations({ tag }: { tag: string }) {
  const browse = useBrowse();
  return (
    <PageLoad name="tagGraph" key={tag} load={() => browse.tagGraph()}>
      {(state) => {
        if (state.status !== 'success') return null;
        const parents = parentsOf(tag, state.data);
        const children = childrenOf(tag, state.data);
        return (
          <Stack gap="xs">
            {parents.length > 0 && (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {text.tags.parent}
                </Text>
                <TagLinks tags={parents} label={text.tags.parent} />
              </Group>
            )}
            {children.length > 0 && (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {text.tags.children}
                </Text>
                <TagLinks tags={children} label={text.tags.children} />
              </Group>
            )}
          </Stack>
        );
      }}
    </PageLoad>
  );
}

function TagAlbums({ tag, recursive }: { tag: string; recursive: boolean }) {
  const browse = useBrowse();
  const generation = useSyncGeneration();
  return (
    <PageLoad
      name="tagAlbums"
      key={`${tag}#${recursive}`}
      refresh={generation}
      load={() => browse.albumsByTag(tag, recursive)}
    >
      {(state) => {
        if (state.status === 'loading') return <PageSpinner />;
        if (state.status === 'failure') return <Notice message={state.error} color="red" />;
        const { albums, covers } = state.data;
        return (
          <PagedList items={albums} ariaLabel={tagLabel(tag)}>
            {(page) => <AlbumWall albums={page} coverUrlOf={(id) => covers[id] ?? null} />}
          </PagedList>
        );
      }}
    </PageLoad>
  );
}

function TagView({ tag }: { tag: string }) {
  const credentialsKnown = useCredentialsKnown();
  // docs/behaviour.md#tags: the recursion switch starts off; toggling it refetches the albums
  const [recursive, setRecursive] = useState(false);

  return (
    <Stack>
      <Title order={2}>{tagLabel(tag)}</Title>
      <TagRelations tag={tag} />
      <Switch
        label={text.tags.showSubTagAlbums}
        checked={recursive}
        onChange={(e) => setRecursive(e.currentTarget.checked)}
      />
      {!credentialsKnown ? <PageSpinner /> : <TagAlbums tag={tag} recursive={recursive} />}
    </Stack>
  );
}

export default function TagPage() {
  const tag = useRouteTag();
  return <TagView key={tag} tag={tag} />;
}
