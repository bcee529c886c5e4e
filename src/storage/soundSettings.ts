// 音效's settings in local storage (`player.sound`, docs/behaviour.md#local-storage), checked for shape when
// read. Apart from local.ts: the checks load with the graph and the 音效 panel, not with the first page.
import { SOUND_KEY } from '@/shared/constants';
import { DEFAULT_SOUND, parseSoundSettings, type SoundSettings } from '@/rules/sound';
import { readLocalAs, writeLocalAs } from './local';

export function readSoundSettings(): SoundSettings {
  return readLocalAs(SOUND_KEY, parseSoundSettings, () => DEFAULT_SOUND);
}

export function writeSoundSettings(sound: SoundSettings): void {
  writeLocalAs(SOUND_KEY, sound);
}
