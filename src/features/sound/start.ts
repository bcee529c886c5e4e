// The sound settings' actor (its code loads with the 音效 panel, after the first page): starts from
// what this device stored, and stores every change.
import { createActor, type InspectionEvent } from 'xstate';
import { readSoundSettings, writeSoundSettings } from '@/storage/soundSettings';
import { soundMachine } from './soundMachine';

export function startSound({ inspect }: { inspect?: (event: InspectionEvent) => void }) {
  const sound = createActor(soundMachine, { input: readSoundSettings(), inspect });
  sound.on('soundChanged', ({ sound: settings }) => writeSoundSettings(settings));
  return sound.start();
}
