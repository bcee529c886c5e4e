// Test signals served in place of a library's audio: a sine as a 16-bit mono WAV, so what the
// player's graph does to one frequency can be read off its output.
import type { Page } from 'playwright-core';

export function toneWav({
  hz,
  seconds,
  amplitude,
  sampleRate = 44_100,
}: {
  hz: number;
  seconds: number;
  /** peak, of full scale */
  amplitude: number;
  sampleRate?: number;
}): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + frames * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + frames * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(frames * 2, 40);
  for (let i = 0; i < frames; i++)
    wav.writeInt16LE(Math.round(amplitude * 32_767 * Math.sin((2 * Math.PI * hz * i) / sampleRate)), 44 + i * 2);
  return wav;
}

const AUDIO_PATH = /^\/[0-9a-f-]{36}\/\d+\/\d+$/;

/** every track of the library at `libraryUrl` answers with `wav` (CORS open, as a library answers) */
export function serveToneForEveryTrack(page: Page, libraryUrl: string, wav: Buffer): Promise<void> {
  return serveTones(page, libraryUrl, () => wav);
}

/** each track of the library answers with the WAV `wavFor` gives its path (`/{album}/{disc}/{track}`) */
export async function serveTones(page: Page, libraryUrl: string, wavFor: (path: string) => Buffer): Promise<void> {
  const library = new URL(libraryUrl).origin;
  await page.route(
    (url) => url.origin === library && AUDIO_PATH.test(url.pathname),
    (route) =>
      route.fulfill({
        status: 200,
        // served as its original: played directly (a transcode would be streamed by parts, and not prepared ahead)
        headers: {
          'content-type': 'audio/wav',
          'x-origin-type': 'audio/wav',
          'access-control-allow-origin': '*',
          'access-control-expose-headers': 'X-Origin-Type',
        },
        body: wavFor(new URL(route.request().url()).pathname),
      }),
  );
}
