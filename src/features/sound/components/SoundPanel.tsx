// The 音效 controls, the same in the player bar's dialog, on /now and on the 设置 tab: the 均衡器's
// switch, its preset and eleven sliders (the preamp and ten bands). Every move is heard at once.
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Slider.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { NativeSelect, Slider, Stack, Switch, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { EQ_BAND_HZ, EQ_MAX_DB, EQ_PRESETS, type EqPreset } from '@/shared/constants';
import { text } from '@/shared/text';
import { useSound } from '../context';
import { equaliserCurve, equaliserOn, equaliserPreset } from '../selectors';
import type { SoundRef } from '../soundMachine';
import classes from './SoundPanel.module.css';

const presetOptions = EQ_PRESETS.map((preset) => ({ value: preset, label: text.sound.presets[preset] }));

export default function SoundPanel() {
  const sound = useSound();
  return sound && <Controls sound={sound} />;
}

function Controls({ sound }: { sound: SoundRef }) {
  const on = useSelector(sound, equaliserOn);
  const preset = useSelector(sound, equaliserPreset);
  const curve = useSelector(sound, equaliserCurve);
  return (
    <Stack gap="sm">
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
      <div className={classes.bands}>
        <Band
          label={text.sound.preamp}
          short={text.sound.preamp}
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
        {text.sound.decibels(db)}
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
