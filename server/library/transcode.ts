import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';

/*
 * annil's transcoding, for share tokens (always `low`) and the strict mode (ANNIV_STRICT=1): any
 * quality but lossless is ADTS AAC-LC from ffmpeg, streamed from the file to the answer as it is
 * made (no Content-Length, no ranges). The client must play that (the shared page streams it
 * through MediaSource), so the server sends what annil sends.
 *
 * Unlike annil, the transcodes are bounded (the Transcoder below): so many at once in all, per
 * token and per client address (LIMITS.transcodes*), and a process never outlives its listener:
 * it is killed and its pipe closed when the request goes away at any stage, and when its output
 * lies unread for LIMITS.transcodeStalledMs (a client that stopped reading keeps the connection
 * open, and ffmpeg would wait on its full pipe until the server stops).
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

export interface TranscodeLimits {
  /** transcodes running at once, in all */
  atOnce: number;
  /** at once for one token (a share link, or a user token under ANNIV_STRICT) */
  perToken: number;
  /** at once for one client address group (server/addressGroup.ts) */
  perAddress: number;
  /** ms a transcode's output may lie unread before ffmpeg is killed and the answer cut */
  stalledMs: number;
}

/** A transcode's place under the caps; given back once, when it ends or its listener goes away. */
export interface TranscodeSlot {
  release(): void;
}

/**
 * Bytes of ffmpeg's output held for the answer before ffmpeg is paused (about 4 s of `high`): the
 * pipe and the socket buffer more, so a reader that keeps up never waits on this.
 */
const QUEUE_BYTES = 128 * 1024;
/**
 * ffmpeg runs below the server's own priority: the transcodes share what the cores have left, and
 * the server's answers (sign-in, /api/info, a lossless range) do not wait behind them.
 */
const FFMPEG_NICENESS = 10;

function countUp(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function countDown(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

export interface TranscodeRequest {
  file: string;
  quality: Exclude<Quality, 'lossless'>;
  /** aborts when the client goes away */
  signal: AbortSignal;
  slot: TranscodeSlot;
  /** closes the client's connection (a stalled reader); without it the stream fails instead */
  hangUp?: () => void;
}

export class Transcoder {
  /** ffmpeg processes whose process or pipe is still open */
  private readonly children = new Set<ChildProcess>();
  private held = 0;
  private readonly byToken = new Map<string, number>();
  private readonly byAddress = new Map<string, number>();

  constructor(readonly limits: TranscodeLimits) {}

  /** ffmpeg processes alive now, pipes included (tests count them; never answered over HTTP) */
  get running(): number {
    return this.children.size;
  }

  /** A place for one transcode of `token` asked from `address`, or null when a cap is reached. */
  reserve(token: string, address: string): TranscodeSlot | null {
    const { atOnce, perToken, perAddress } = this.limits;
    if (
      this.held >= atOnce ||
      (this.byToken.get(token) ?? 0) >= perToken ||
      (this.byAddress.get(address) ?? 0) >= perAddress
    )
      return null;
    this.held += 1;
    countUp(this.byToken, token);
    countUp(this.byAddress, address);
    let given = false;
    return {
      release: () => {
        if (given) return;
        given = true;
        this.held -= 1;
        countDown(this.byToken, token);
        countDown(this.byAddress, address);
      },
    };
  }

  /**
   * The file as AAC at the quality's bitrate. ffmpeg is not started when the client is gone
   * already, and is killed (its pipe closed, the slot given back) when the client goes away, when
   * the answer is cancelled, or when its output lies unread for `stalledMs`.
   */
  stream({ file, quality, signal, slot, hangUp }: TranscodeRequest): ReadableStream<Uint8Array> {
    if (signal.aborted) {
      slot.release();
      // nobody to answer: an empty body, and no ffmpeg started
      return new ReadableStream({ start: (controller) => controller.close() });
    }
    const child = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        file,
        '-vn',
        '-c:a',
        'aac',
        '-b:a',
        BITRATE[quality],
        '-f',
        'adts',
        'pipe:1',
      ],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    this.children.add(child);
    // 'close': the process has ended and its pipe is closed
    child.once('close', () => this.children.delete(child));
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, FFMPEG_NICENESS);
      } catch {
        // gone already, or not allowed here: it runs at the server's priority
      }
    }
    const output = child.stdout!;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;

    const end = () => {
      if (ended) return false;
      ended = true;
      clearTimeout(stallTimer);
      signal.removeEventListener('abort', gone);
      slot.release();
      return true;
    };
    const kill = () => {
      child.kill('SIGKILL');
      output.destroy();
    };
    /**
     * Kills ffmpeg and closes its pipe. The answer ends: cut short for a client that went away
     * (nobody reads it, and a failed answer would be logged as an error), failed otherwise.
     */
    const stop = (failed: boolean) => {
      if (!end()) return;
      kill();
      try {
        if (failed) controller.error(new Error('transcode failed'));
        else controller.close();
      } catch {
        // cancelled already
      }
    };
    const gone = () => stop(false);
    const broke = () => stop(true);
    const stalled = () => {
      stallTimer = undefined;
      if (!hangUp) return broke();
      // the connection's close cancels the answer
      if (!end()) return;
      kill();
      hangUp();
    };

    signal.addEventListener('abort', gone, { once: true });
    child.once('error', broke);
    output.on('data', (chunk: Buffer) => {
      if (ended) return;
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if ((controller.desiredSize ?? 0) <= 0) {
        // the reader is behind: ffmpeg waits on its pipe until it catches up, or is stopped
        output.pause();
        stallTimer ??= setTimeout(stalled, this.limits.stalledMs);
      }
    });
    output.once('end', () => {
      if (!end()) return;
      controller.close();
    });
    output.once('error', broke);

    return new ReadableStream<Uint8Array>(
      {
        start: (c) => {
          controller = c;
        },
        pull: () => {
          clearTimeout(stallTimer);
          stallTimer = undefined;
          if (!ended) output.resume();
        },
        cancel: gone,
      },
      { highWaterMark: QUEUE_BYTES, size: (chunk) => chunk.byteLength },
    );
  }
}
