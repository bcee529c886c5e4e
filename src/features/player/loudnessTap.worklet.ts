// Runs on the audio thread (an AudioWorklet): hears what an element sends into the player's graph,
// before any gain, and posts it to the page in one-second chunks, one array per channel, handed
// over rather than copied; asked to flush (the track ended), it posts what it holds and says so. Its
// node has no output: it only listens.

// what the audio thread's scope offers (not in TypeScript's DOM library)
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

/** what the tap posts: a chunk, one array per channel; `flushed` answers a flush (the last, maybe short) */
export interface TapChunk {
  channels: Float32Array[];
  flushed?: true;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** the name the page creates the node by */
const TAP = 'loudness-tap';

class LoudnessTap extends AudioWorkletProcessor {
  private chunk: Float32Array[] = [];
  private filled = 0;
  private readonly size = Math.round(sampleRate);

  constructor() {
    super();
    this.port.onmessage = () => {
      const held = this.chunk.map((channel) => channel.slice(0, this.filled));
      this.post({ channels: held, flushed: true });
      this.filled = 0;
    };
  }

  private post(chunk: TapChunk): void {
    this.port.postMessage(
      chunk,
      chunk.channels.map((channel) => channel.buffer),
    );
  }

  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0];
    // nothing connected (the element let go): nothing to hear this quantum
    if (!input || input.length === 0) return true;
    if (this.chunk.length !== input.length) {
      this.chunk = input.map(() => new Float32Array(this.size));
      this.filled = 0;
    }
    let offset = 0;
    const frames = input[0]!.length;
    while (offset < frames) {
      const take = Math.min(frames - offset, this.size - this.filled);
      input.forEach((channel, i) => {
        this.chunk[i]!.set(channel.subarray(offset, offset + take), this.filled);
      });
      this.filled += take;
      offset += take;
      if (this.filled === this.size) {
        this.post({ channels: this.chunk });
        this.chunk = input.map(() => new Float32Array(this.size));
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor(TAP, LoudnessTap);
