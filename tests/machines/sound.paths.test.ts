// Model-based paths over the real 音效 settings machine: every path `npm run paths -- sound --every-path`
// walks is replayed and checked against the rules written out plainly (the settings after each event,
// one soundChanged per change, a slider moved while off turning it on); then what local storage
// holds is read back checked for shape, and each preset's gains.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorRef } from 'xstate';
import { soundMachine, type SoundChangedEvent, type SoundEvent } from '@/features/sound/soundMachine';
import { equaliserCurve } from '@/features/sound/selectors';
import { DEFAULT_SOUND, parseSoundSettings, type SoundSettings } from '@/rules/sound';
import { EQ_PRESET_GAINS, equaliserGains, presetGains } from '@/rules/equaliser';
import { EQ_BAND_HZ, EQ_MAX_DB } from '@/shared/constants';
import { replayPath } from '../../model-paths/modelPaths';
import { itPrintsTheWalk, registryWalk } from './registryWalk';

/** the rules, plainly: the settings after one event, or null when the event is refused */
function applied(sound: SoundSettings, event: SoundEvent): SoundSettings | null {
  const { equaliser, normalisation } = sound;
  const clamp = (db: number) => Math.min(Math.max(db, -EQ_MAX_DB), EQ_MAX_DB);
  switch (event.type) {
    case 'SET_NORMALISATION':
      return { ...sound, normalisation: { ...normalisation, mode: event.mode } };
    case 'SET_CROSSFADE':
      return { ...sound, crossfade: { ...sound.crossfade, seconds: Math.min(Math.max(event.seconds, 0), 12) } };
    case 'SET_ALBUMS_GAPLESS':
      return { ...sound, crossfade: { ...sound.crossfade, albumsGapless: event.on } };
    case 'SET_TARGET_LOUDNESS':
      return { ...sound, normalisation: { ...normalisation, targetLufs: Math.min(Math.max(event.lufs, -23), -8) } };
    case 'EQUALISER_ON':
      return { ...sound, equaliser: { ...equaliser, on: true } };
    case 'EQUALISER_OFF':
      return { ...sound, equaliser: { ...equaliser, on: false } };
    case 'CHOOSE_EQ_PRESET':
      return { ...sound, equaliser: { ...equaliser, on: true, preset: event.preset } };
    case 'SET_EQ_BAND': {
      if (event.band < 0 || event.band >= EQ_BAND_HZ.length) return null;
      const from = presetGains(equaliser);
      const bands = from.bands.map((db, i) => (i === event.band ? clamp(event.db) : db));
      return { ...sound, equaliser: { on: true, preset: 'custom', custom: { ...from, bands } } };
    }
    case 'SET_EQ_PREAMP':
      return {
        ...sound,
        equaliser: { on: true, preset: 'custom', custom: { ...presetGains(equaliser), preampDb: clamp(event.db) } },
      };
  }
}

describe('sound paths', () => {
  const machineWalk = registryWalk('sound', soundMachine);
  itPrintsTheWalk('sound', machineWalk);

  it.each(machineWalk.allCases)('%s', async (_, path) => {
    const announced: SoundSettings[] = [];
    const { finalSnapshot } = await replayPath(soundMachine, path, {
      input: DEFAULT_SOUND,
      actorOptions: {
        inspect: (event) => {
          if (event.type === '@xstate.actor')
            (event.actorRef as AnyActorRef).on('soundChanged', (e: SoundChangedEvent) => announced.push(e.sound));
        },
      },
    });
    let want = DEFAULT_SOUND;
    const wantAnnounced: SoundSettings[] = [];
    for (const { event } of path.steps.slice(1)) {
      const next = applied(want, event as SoundEvent);
      if (next === null) continue;
      want = next;
      wantAnnounced.push(next);
    }
    expect(finalSnapshot.context).toEqual(want);
    expect(announced).toEqual(wantAnnounced);
  });
});

describe('sound settings', () => {
  it('a band moved on a preset starts 自定义 from that preset; the preset stays for choosing again', () => {
    const actor = createActor(soundMachine, { input: DEFAULT_SOUND }).start();
    actor.send({ type: 'CHOOSE_EQ_PRESET', preset: 'rock' });
    expect(actor.getSnapshot().can({ type: 'SET_EQ_BAND', band: 0, db: 1 })).toBe(true);
    actor.send({ type: 'SET_EQ_BAND', band: 9, db: 2.04 });
    const { equaliser } = actor.getSnapshot().context;
    expect(equaliser.preset).toBe('custom');
    expect(equaliser.custom).toEqual({
      ...EQ_PRESET_GAINS.rock,
      bands: [...EQ_PRESET_GAINS.rock.bands.slice(0, 9), 2],
    });
    actor.send({ type: 'CHOOSE_EQ_PRESET', preset: 'rock' });
    expect(equaliserCurve(actor.getSnapshot())).toEqual(EQ_PRESET_GAINS.rock);
    actor.send({ type: 'CHOOSE_EQ_PRESET', preset: 'custom' });
    expect(equaliserCurve(actor.getSnapshot()).bands[9]).toBe(2);
  });

  it('bypassed, the graph gets 0 dB everywhere; on again, the chosen curve; a slider moved while off turns it on', () => {
    const actor = createActor(soundMachine, {
      input: { ...DEFAULT_SOUND, equaliser: { ...DEFAULT_SOUND.equaliser, on: false, preset: 'bassBoost' } },
    }).start();
    expect(equaliserGains(actor.getSnapshot().context.equaliser)).toEqual(EQ_PRESET_GAINS.flat);
    actor.send({ type: 'EQUALISER_ON' });
    expect(equaliserGains(actor.getSnapshot().context.equaliser)).toEqual(EQ_PRESET_GAINS.bassBoost);
    actor.send({ type: 'EQUALISER_OFF' });
    actor.send({ type: 'SET_EQ_PREAMP', db: -8 });
    expect(equaliserGains(actor.getSnapshot().context.equaliser)).toEqual({
      ...EQ_PRESET_GAINS.bassBoost,
      preampDb: -8,
    });
  });

  it('every preset has ten bands within ±12 dB, and its preamp keeps its loudest band at or under 0 dB + 1', () => {
    for (const gains of Object.values(EQ_PRESET_GAINS)) {
      expect(gains.bands).toHaveLength(EQ_BAND_HZ.length);
      for (const db of [...gains.bands, gains.preampDb]) expect(Math.abs(db)).toBeLessThanOrEqual(EQ_MAX_DB);
      expect(Math.max(...gains.bands) + gains.preampDb).toBeLessThanOrEqual(1);
    }
  });

  it('what local storage holds is checked for shape: each damaged part falls back on its own', () => {
    const good = {
      normalisation: { mode: 'album', targetLufs: -18 },
      crossfade: { seconds: 6, albumsGapless: false },
      equaliser: { on: true, preset: 'vocal', custom: { preampDb: -3, bands: EQ_BAND_HZ.map(() => 2) } },
    };
    expect(parseSoundSettings(good)).toEqual(good);
    expect(parseSoundSettings(null)).toEqual(DEFAULT_SOUND);
    expect(parseSoundSettings('loud')).toEqual(DEFAULT_SOUND);
    expect(parseSoundSettings({ equaliser: { on: 'yes', preset: 'jazz', custom: { bands: [1, 2] } } })).toEqual(
      DEFAULT_SOUND,
    );
    // out of range, not numbers: held at ±12 dB, or 0
    const wild = parseSoundSettings({
      equaliser: { on: true, preset: 'custom', custom: { preampDb: 99, bands: [-40, 'x', null, 1, 2, 3, 4, 5, 6, 7] } },
    });
    expect(wild.equaliser.custom).toEqual({ preampDb: 12, bands: [-12, 0, 0, 1, 2, 3, 4, 5, 6, 7] });
    expect(parseSoundSettings({ normalisation: { mode: 'loud', targetLufs: -99 } }).normalisation).toEqual({
      mode: 'off',
      targetLufs: -23,
    });
    expect(parseSoundSettings({ crossfade: { seconds: 40, albumsGapless: 'no' } }).crossfade).toEqual({
      seconds: 12,
      albumsGapless: true,
    });
    expect(parseSoundSettings({ normalisation: { mode: 'track', targetLufs: 'x' } }).normalisation).toEqual({
      mode: 'track',
      targetLufs: -14,
    });
  });
});
