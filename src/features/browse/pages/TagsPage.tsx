import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import { Stack, Title } from '@mantine/core';
import { PageSpinner } from '@/ui/PageSpinner';
import { text } from '@/shared/text';
import { Notice } from '@/ui/Notice';
import { PageLoad } from '@/features/pageLoad';
import { useBrowse } from '../context';
import { TagLinks } from '../components/TagLinks';

export default function TagsPage() {
  const browse = useBrowse();
  return (
    <Stack>
      <Title order={2}>{text.tags.listTitle}</Title>
      <PageLoad name="rootTags" load={() => browse.rootTags()}>
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
