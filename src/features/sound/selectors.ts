// What the 音效 views read of a sound snapshot.
import type { SnapshotFrom } from 'xstate';
import { presetGains } from '@/rules/equaliser';
import type { soundMachine } from './soundMachine';

type SoundSnapshot = SnapshotFrom<typeof soundMachine>;

export const crossfadeOf = (snapshot: SoundSnapshot) => snapshot.context.crossfade;
export const normalisationOf = (snapshot: SoundSnapshot) => snapshot.context.normalisation;
export const equaliserOn = (snapshot: SoundSnapshot): boolean => snapshot.context.equaliser.on;
export const equaliserPreset = (snapshot: SoundSnapshot) => snapshot.context.equaliser.preset;
/** the curve the sliders show: the preset's, or the listener's own */
export const equaliserCurve = (snapshot: SoundSnapshot) => presetGains(snapshot.context.equaliser);
