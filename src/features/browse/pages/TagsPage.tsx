import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Stack, Title } from '@mantine/core';
import { useSystem } from '@/app/SystemContext';
import { getTagGraph, getTags } from '@/services/api/meta';
import { rootTags } from '@/services/tags';
import { PageSpinner } from '@/ui/PageSpinner';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/ui/PageLoad';
import { TagLinks } from './TagLinks';

async function loadRootTags(api: ReturnType<typeof useSystem>['api']): Promise<string[]> {
  const [tags, graph] = await Promise.all([getTags(api), getTagGraph(api)]);
  return rootTags(tags, graph).map((t) => t.id);
}

export default function TagsPage() {
  const { api } = useSystem();
  return (
    <Stack>
      <Title order={2}>{text.tags.listTitle}</Title>
      <PageLoad load={() => loadRootTags(api)}>
        {(state) =>
          state.status === 'loading' ? (
            <PageSpinner />
          ) : state.status === 'failure' ? (
            <Notice message={state.error} color="red" />
          ) : (
            <TagLinks tags={state.data} label={text.tags.listTitle} />
          )
        }
      </PageLoad>
    </Stack>
  );
}
