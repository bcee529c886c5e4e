import { spawn, spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';

/*
 * annil's transcoding, for share tokens (always `low`) and the strict mode (ANNIV_STRICT=1): any
 * quality but lossless is ADTS AAC-LC from ffmpeg, streamed from the file to the answer as it is
 * made (no Content-Length, no ranges). The client must play that (the shared page streams it
 * through MediaSource), so the server sends what annil sends.
 */

export type Quality = 'low' | 'medium' | 'high' | 'lossless';

/** annil's quality for a user token: `quality` absent or unknown → medium (share tokens: always low) */
export function servedQuality(asked: string | undefined): Quality {
  return asked === 'low' || asked === 'high' || asked === 'lossless' ? asked : 'medium';
}

const BITRATE: Record<Exclude<Quality, 'lossless'>, string> = { low: '128k', medium: '192k', high: '256k' };
export const TRANSCODED_TYPE = 'audio/aac';

/** true when an ffmpeg answers on PATH */
export function hasFfmpeg(): boolean {
  return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
}

/** The file as AAC at the quality's bitrate; ffmpeg is killed when the request goes away. */
export function transcode(file: string, quality: Exclude<Quality, 'lossless'>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-vn', '-c:a', 'aac', '-b:a', BITRATE[quality], '-f', 'adts', 'pipe:1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const stop = () => child.kill('SIGKILL');
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  child.once('exit', () => signal.removeEventListener('abort', stop));
  child.once('error', () => child.stdout.destroy());
  return Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>;
}
