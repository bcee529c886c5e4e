import { compress, type Coding } from '../encoding.js';

/*
 * The answers of the anonymous GET /api/share, kept serialised. Building one parses the stored
 * songs and metadata, signs one token per grant and writes megabytes of JSON (60-130 ms for a 6 MB
 * share): per request, a few readers of a large share held up everyone. A kept answer is sent as it
 * is (and compressed once per coding) until its tokens come near their expiry (share.ts decides
 * when); deleting the share drops it. The cache holds at most `maxBytes` (JSON and compressed
 * copies together), dropping the least recently read answers first.
 */

export interface ShareAnswer {
  /** The shares row the answer was built from (row ids are never reused). */
  rowId: number;
  /** Expiry of its tokens, Unix seconds. */
  exp: number;
  /** The envelope `{status: 0, message: 'OK', data: ExportedPlaylist}` as UTF-8 JSON. */
  json: Uint8Array<ArrayBuffer>;
  /** Compressed copies, made on first request in each coding. */
  encoded: Partial<Record<Coding, Promise<Buffer>>>;
  /** Bytes held: the JSON and the compressed copies made so far. */
  bytes: number;
}

export class ShareAnswers {
  /** Map order is the order of last use: the first entry is the least recently read. */
  private readonly answers = new Map<string, ShareAnswer>();
  private held = 0;

  constructor(private readonly maxBytes: number) {}

  /** Bytes held in all (for tests and the bench). */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.answers.size;
  }

  get(shareId: string): ShareAnswer | undefined {
    const answer = this.answers.get(shareId);
    if (answer) {
      this.answers.delete(shareId);
      this.answers.set(shareId, answer);
    }
    return answer;
  }

  /** Keeps `json` as the answer of `shareId` (replacing an older one); returns it. */
  set(shareId: string, rowId: number, exp: number, json: Uint8Array<ArrayBuffer>): ShareAnswer {
    this.delete(shareId);
    const answer: ShareAnswer = { rowId, exp, json, encoded: {}, bytes: json.byteLength };
    this.answers.set(shareId, answer);
    this.held += answer.bytes;
    this.evict();
    return answer;
  }

  /** The answer compressed in `coding`, compressed once and kept while the answer is. */
  encoded(shareId: string, answer: ShareAnswer, coding: Coding): Promise<Buffer> {
    let pending = answer.encoded[coding];
    if (!pending) {
      pending = compress(answer.json, coding);
      answer.encoded[coding] = pending;
      void pending.then(
        (buffer) => {
          if (this.answers.get(shareId) !== answer) return; // dropped or replaced meanwhile
          answer.bytes += buffer.byteLength;
          this.held += buffer.byteLength;
          this.evict();
        },
        () => undefined,
      );
    }
    return pending;
  }

  delete(shareId: string): void {
    const answer = this.answers.get(shareId);
    if (!answer) return;
    this.answers.delete(shareId);
    this.held -= answer.bytes;
  }

  private evict(): void {
    for (const shareId of this.answers.keys()) {
      if (this.held <= this.maxBytes) return;
      this.delete(shareId);
    }
  }
}
