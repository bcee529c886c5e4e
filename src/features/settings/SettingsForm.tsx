import { NativeSelect, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useSettings } from './context';
import { PAGE_CLOSE_ACTIONS, QUALITIES, type PageCloseAction, type Quality } from '@/shared/constants';
import { text } from '@/shared/text';

const qualityOptions = QUALITIES.map((q) => ({ value: q, label: text.user.qualityLabels[q] }));
const pageCloseOptions = PAGE_CLOSE_ACTIONS.map((a) => ({ value: a, label: text.user.pageCloseLabels[a] }));

export function SettingsForm() {
  const settings = useSettings();
  const quality = useSelector(settings, (s) => s.context.quality);
  const pageOnCloseAction = useSelector(settings, (s) => s.context.pageOnCloseAction);

  return (
    <Stack maw={480}>
      <NativeSelect
        label={text.user.quality}
        data={qualityOptions}
        value={quality}
        onChange={(e) => settings.send({ type: 'SET_QUALITY', quality: e.currentTarget.value as Quality })}
      />
      <NativeSelect
        label={text.user.pageClose}
        data={pageCloseOptions}
        value={pageOnCloseAction}
        onChange={(e) =>
          settings.send({ type: 'SET_PAGE_CLOSE_ACTION', action: e.currentTarget.value as PageCloseAction })
        }
      />
    </Stack>
  );
}
