// 音效 in the player bar, on /now and on the 设置 tab: the 均衡器's switch, presets and sliders, and what
// this device keeps (what the graph then does to the sound: tests/e2e/sound.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EQ_PRESET_GAINS } from '@/rules/equaliser';
import { EQ_BAND_HZ } from '@/shared/constants';
import { text } from '@/shared/text';
import { writeLocal } from '@/storage/local';
import { readSoundSettings } from '@/storage/soundSettings';
import { createFakeAnniv } from './fakeAnniv';
import { renderApp, warmUpPages } from './renderApp';
import { savedTrack as track } from './savedQueue';

beforeAll(warmUpPages, 60_000);

async function open(path: string) {
  writeLocal('playlist', { tracks: [track(1, 'Opening')], index: 0 });
  const server = createFakeAnniv();
  await server.addUser('mio@example.com', 'pw', 'Mio');
  server.signIn('mio@example.com');
  const app = renderApp(path, server);
  await screen.findByRole('link', { name: 'Mio' });
  return app;
}

const bar = () => screen.getByRole('contentinfo', { name: text.player.nowPlaying });
const user = () => userEvent.setup();

async function openDialog(place: HTMLElement) {
  await user().click(await within(place).findByRole('button', { name: text.sound.title }));
  return screen.findByRole('dialog', { name: text.sound.title });
}

describe('音效', () => {
  it('the player bar: a preset turns the 均衡器 on and this device keeps it; off, a slider moved turns it on', async () => {
    await open('/');
    const dialog = await openDialog(bar());
    const equaliser = within(dialog).getByRole('switch', { name: text.sound.equaliser });
    expect((equaliser as HTMLInputElement).checked).toBe(false);
    expect(within(dialog).getByText(text.sound.bypassedHint)).toBeTruthy();
    const bass = within(dialog).getByRole('slider', { name: text.sound.band(31) });

    await user().selectOptions(within(dialog).getByLabelText(text.sound.preset), text.sound.presets.bassBoost);
    await waitFor(() => expect((equaliser as HTMLInputElement).checked).toBe(true));
    expect(bass.getAttribute('aria-valuetext')).toBe(text.sound.decibels(EQ_PRESET_GAINS.bassBoost.bands[0]!));
    expect(readSoundSettings().equaliser).toMatchObject({ on: true, preset: 'bassBoost' });

    await user().click(equaliser);
    await waitFor(() => expect(readSoundSettings().equaliser.on).toBe(false));
    fireEvent.keyDown(bass, { key: 'ArrowDown' });
    await waitFor(() => expect((equaliser as HTMLInputElement).checked).toBe(true));
    expect(readSoundSettings().equaliser).toMatchObject({ on: true, preset: 'custom' });
  });

  it('a slider moved by keys makes the curve 自定义, from the preset it started on', async () => {
    await open('/');
    const dialog = await openDialog(bar());
    await user().selectOptions(within(dialog).getByLabelText(text.sound.preset), text.sound.presets.rock);
    const band = within(dialog).getByRole('slider', { name: text.sound.band(1000) });
    fireEvent.keyDown(band, { key: 'ArrowUp' });
    fireEvent.keyDown(band, { key: 'ArrowUp' });
    await waitFor(() => expect(band.getAttribute('aria-valuetext')).toBe(text.sound.decibels(0)));
    expect((within(dialog).getByLabelText(text.sound.preset) as HTMLSelectElement).value).toBe('custom');
    const custom = readSoundSettings().equaliser.custom;
    expect(custom.bands).toEqual(EQ_PRESET_GAINS.rock.bands.map((db, i) => (i === 5 ? 0 : db)));
    expect(custom.preampDb).toBe(EQ_PRESET_GAINS.rock.preampDb);
  });

  it('/now has 音效 beside 定时关闭: 音量均衡 and its target, 淡入淡出, the preamp and ten bands', async () => {
    await open('/now');
    const now = await screen.findByRole('region', { name: text.player.nowPlaying });
    const dialog = await openDialog(now);
    const names = within(dialog)
      .getAllByRole('slider')
      .map((slider) => slider.getAttribute('aria-label'));
    expect(names).toEqual([
      text.sound.target,
      text.sound.crossfade,
      text.sound.preamp,
      ...EQ_BAND_HZ.map(text.sound.band),
    ]);
    expect(within(dialog).getByRole('switch', { name: text.sound.albumsGapless })).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: text.sound.normalisation })).toBeTruthy();
  });

  it('淡入淡出: a length from 0 (gapless) to 12 s, and whether the next track of an album is faded, kept on this device', async () => {
    await open('/');
    const dialog = await openDialog(bar());
    const length = within(dialog).getByRole('slider', { name: text.sound.crossfade });
    expect(length.getAttribute('aria-valuetext')).toBe(text.sound.crossfadeValue(0));
    expect(within(dialog).getByText(`${text.sound.crossfade}: 关（无缝衔接）`)).toBeTruthy();
    fireEvent.keyDown(length, { key: 'End' });
    await waitFor(() => expect(readSoundSettings().crossfade.seconds).toBe(12));
    expect(length.getAttribute('aria-valuetext')).toBe('12 秒');
    await user().click(within(dialog).getByRole('switch', { name: text.sound.albumsGapless }));
    await waitFor(() => expect(readSoundSettings().crossfade).toEqual({ seconds: 12, albumsGapless: false }));
  });

  it('音量均衡: a mode and a target, kept on this device; a target out of range is held at its end', async () => {
    await open('/');
    const dialog = await openDialog(bar());
    const group = within(dialog).getByRole('group', { name: text.sound.normalisation });
    await user().click(within(group).getByText(text.sound.normalisationModes.album));
    await waitFor(() => expect(readSoundSettings().normalisation.mode).toBe('album'));
    const target = within(dialog).getByRole('slider', { name: text.sound.target });
    expect(target.getAttribute('aria-valuetext')).toBe(text.sound.lufs(-14));
    fireEvent.keyDown(target, { key: 'End' });
    await waitFor(() => expect(readSoundSettings().normalisation.targetLufs).toBe(-8));
    expect(within(dialog).getByText(`${text.sound.target}: ${text.sound.lufs(-8)}`)).toBeTruthy();
  });

  it('the 设置 tab shows the same controls', async () => {
    await open('/user/index?tab=settings');
    const preamp = await screen.findByRole('slider', { name: text.sound.preamp });
    expect(preamp).toBeTruthy();
    expect(screen.getByRole('switch', { name: text.sound.equaliser })).toBeTruthy();
  });
});
