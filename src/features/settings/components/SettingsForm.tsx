import '@mantine/core/styles/Input.layer.css';
import { NativeSelect, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useSettings } from '../context';
import {
  COLOR_SCHEMES,
  PAGE_CLOSE_ACTIONS,
  QUALITIES,
  type ColorSchemeSetting,
  type PageCloseAction,
  type Quality,
} from '@/shared/constants';
import { text } from '@/shared/text';

const qualityOptions = QUALITIES.map((q) => ({ value: q, label: text.user.qualityLabels[q] }));
const pageCloseOptions = PAGE_CLOSE_ACTIONS.map((a) => ({ value: a, label: text.user.pageCloseLabels[a] }));
const colorSchemeOptions = COLOR_SCHEMES.map((c) => ({ value: c, label: text.user.colorSchemeLabels[c] }));

export function SettingsForm() {
  const settings = useSettings();
  const quality = useSelector(settings, (s) => s.context.quality);
  const pageOnCloseAction = useSelector(settings, (s) => s.context.pageOnCloseAction);
  const colorScheme = useSelector(settings, (s) => s.context.colorScheme);

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
      <NativeSelect
        label={text.user.colorScheme}
        data={colorSchemeOptions}
        value={colorScheme}
        onChange={(e) =>
          settings.send({ type: 'SET_COLOR_SCHEME', colorScheme: e.currentTarget.value as ColorSchemeSetting })
        }
      />
    </Stack>
  );
}
