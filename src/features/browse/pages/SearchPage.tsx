import '@/ui/styles/forms';
import '@mantine/core/styles/Tabs.layer.css';
import { ActionIcon, Stack, Tabs, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { SEARCH_BOX_WIDTH } from '@/shared/constants';
import { useSearchParam } from '@/ui/useQueryParams';
import { text } from '@/shared/text';
import { AlbumResults, PlaylistResults, TrackResults } from '../components/SearchResults';

export default function SearchPage() {
  const [keyword, setKeyword] = useSearchParam('keyword');
  const [draft, setDraft] = useState(keyword ?? '');
  const [tab, setTab] = useState<string | null>('tracks');

  // The keyword goes into the URL by replacing the history entry (docs/behaviour.md#other-pages); searching on submit
  // keeps one request per search instead of one per keystroke.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(draft.trim() || null);
  };

  return (
    <Stack>
      {/* biome-ignore lint/a11y/useSemanticElements: a form in the search landmark; <search> is too new for every browser the app serves */}
      <form onSubmit={submit} role="search">
        <TextInput
          w={SEARCH_BOX_WIDTH}
          maw="100%"
          aria-label={text.search.submit}
          placeholder={text.search.placeholder}
          // arriving to search (the drawer's link, the `/` key): the box is ready to type in
          autoFocus={!keyword}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          rightSection={
            <ActionIcon type="submit" variant="subtle" aria-label={text.search.submit}>
              <IconSearch size={16} />
            </ActionIcon>
          }
        />
      </form>
      {keyword && (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="tracks">{text.search.tracks}</Tabs.Tab>
            <Tabs.Tab value="albums">{text.search.albums}</Tabs.Tab>
            <Tabs.Tab value="playlists">{text.search.playlists}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="tracks" pt="md">
            <TrackResults keyword={keyword} />
          </Tabs.Panel>
          <Tabs.Panel value="albums" pt="md">
            <AlbumResults keyword={keyword} />
          </Tabs.Panel>
          <Tabs.Panel value="playlists" pt="md">
            <PlaylistResults keyword={keyword} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
