// The settings actor: starts from the stored values and stores every change.
import { createActor, type InspectionEvent } from 'xstate';
import { readLocal, writeLocal } from '@/storage/local';
import { COLOR_SCHEME_KEY } from '@/shared/firstPageConstants';
import { settingsMachine } from './settingsMachine';

export function startSettings({ inspect }: { inspect?: (event: InspectionEvent) => void } = {}) {
  const settings = createActor(settingsMachine, {
    input: {
      quality: readLocal('player.quality'),
      pageOnCloseAction: readLocal('player.pageOnCloseAction'),
      colorScheme: readLocal(COLOR_SCHEME_KEY),
    },
    inspect,
  });
  settings.on('settingsChanged', ({ settings: value }) => {
    writeLocal('player.quality', value.quality);
    writeLocal('player.pageOnCloseAction', value.pageOnCloseAction);
    writeLocal(COLOR_SCHEME_KEY, value.colorScheme);
  });
  return settings.start();
}
