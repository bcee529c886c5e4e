// The 音效 controls, the same in the player bar's dialog, on /now and on the 设置 tab: 音量均衡 (off,
// by track or by album, and the target), then the 均衡器's switch, its preset and eleven sliders (the
// preamp and ten bands). Every move is heard at once.
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import { Divider, NativeSelect, SegmentedControl, Slider, Stack, Switch, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  CROSSFADE_MAX_S,
  EQ_BAND_HZ,
  EQ_MAX_DB,
  EQ_PRESETS,
  NORMALISATION_MODES,
  TARGET_LUFS_RANGE,
  type EqPreset,
  type NormalisationMode,
} from '@/shared/constants';
import { text } from '@/shared/text';
import { useSound } from '../context';
import { crossfadeOf, equaliserCurve, equaliserOn, equaliserPreset, normalisationOf } from '../selectors';
import type { SoundRef } from '../soundMachine';
import classes from './SoundPanel.module.css';

const presetOptions = EQ_PRESETS.map((preset) => ({ value: preset, label: text.sound.presets[preset] }));
const modeOptions = NORMALISATION_MODES.map((mode) => ({ value: mode, label: text.sound.normalisationModes[mode] }));

export default function SoundPanel() {
  const sound = useSound();
  return sound && <Controls sound={sound} />;
}

function Controls({ sound }: { sound: SoundRef }) {
  const on = useSelector(sound, equaliserOn);
  const preset = useSelector(sound, equaliserPreset);
  const curve = useSelector(sound, equaliserCurve);
  const normalisation = useSelector(sound, normalisationOf);
  const crossfade = useSelector(sound, crossfadeOf);
  return (
    <Stack gap="sm">
      <fieldset className={classes.group}>
        <legend className={classes.legend}>{text.sound.normalisation}</legend>
        <SegmentedControl
          fullWidth
          data={modeOptions}
          value={normalisation.mode}
          onChange={(mode) => sound.send({ type: 'SET_NORMALISATION', mode: mode as NormalisationMode })}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {text.sound.normalisationHint}
        </Text>
      </fieldset>
      <div>
        <Text size="sm" fw={500}>
          {text.sound.target}: {text.sound.lufs(normalisation.targetLufs)}
        </Text>
        <Slider
          min={TARGET_LUFS_RANGE[0]}
          max={TARGET_LUFS_RANGE[1]}
          step={1}
          value={normalisation.targetLufs}
          onChange={(lufs) => sound.send({ type: 'SET_TARGET_LOUDNESS', lufs })}
          label={null}
          thumbLabel={text.sound.target}
          thumbValueText={text.sound.lufs}
        />
      </div>
      <Divider />
      <div>
        <Text size="sm" fw={500}>
          {text.sound.crossfade}: {text.sound.crossfadeValue(crossfade.seconds)}
        </Text>
        <Slider
          min={0}
          max={CROSSFADE_MAX_S}
          step={1}
          value={crossfade.seconds}
          onChange={(seconds) => sound.send({ type: 'SET_CROSSFADE', seconds })}
          label={null}
          thumbLabel={text.sound.crossfade}
          thumbValueText={text.sound.crossfadeValue}
        />
      </div>
      <Switch
        label={text.sound.albumsGapless}
        checked={crossfade.albumsGapless}
        onChange={(e) => sound.send({ type: 'SET_ALBUMS_GAPLESS', on: e.currentTarget.checked })}
      />
      <Divider />
      <Switch
        label={text.sound.equaliser}
        checked={on}
        onChange={(e) => sound.send({ type: e.currentTarget.checked ? 'EQUALISER_ON' : 'EQUALISER_OFF' })}
      />
      <NativeSelect
        label={text.sound.preset}
        data={presetOptions}
        value={preset}
        onChange={(e) => sound.send({ type: 'CHOOSE_EQ_PRESET', preset: e.currentTarget.value as EqPreset })}
      />
      {!on && (
        <Text size="sm" c="dimmed">
          {text.sound.bypassedHint}
        </Text>
      )}
      <Text size="xs" c="dimmed" aria-hidden>
        {text.sound.gainCaption}
      </Text>
      <div className={classes.bands}>
        <Band
          label={text.sound.preamp}
          short={text.sound.preampShort}
          db={curve.preampDb}
          off={!on}
          onChange={(db) => sound.send({ type: 'SET_EQ_PREAMP', db })}
        />
        {EQ_BAND_HZ.map((hz, band) => (
          <Band
            key={hz}
            label={text.sound.band(hz)}
            short={hz >= 1000 ? `${hz / 1000}k` : String(hz)}
            db={curve.bands[band] ?? 0}
            off={!on}
            onChange={(db) => sound.send({ type: 'SET_EQ_BAND', band, db })}
          />
        ))}
      </div>
    </Stack>
  );
}

interface BandProps {
  label: string;
  /** under the slider, where a column is narrow */
  short: string;
  db: number;
  /** the 均衡器 is off: the curve shows dimmed, and moving it turns the 均衡器 on */
  off: boolean;
  onChange: (db: number) => void;
}

function Band({ label, short, db, off, onChange }: BandProps) {
  return (
    <div className={classes.band} data-off={off || undefined}>
      <Text size="xs" className={classes.value} aria-hidden>
        {text.sound.gainShort(db)}
      </Text>
      <Slider
        orientation="vertical"
        className={classes.slider}
        min={-EQ_MAX_DB}
        max={EQ_MAX_DB}
        step={0.5}
        value={db}
        onChange={onChange}
        label={null}
        thumbLabel={label}
        thumbValueText={text.sound.decibels}
      />
      <Text size="xs" className={classes.name} aria-hidden>
        {short}
      </Text>
    </div>
  );
}
