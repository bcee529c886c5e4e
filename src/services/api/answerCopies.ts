// Answers of the server kept on this device, so a page that needs one opens offline (listening
// offline: a playlist, the liked tracks). The copy is read only when the server gives no answer at
// all; an error answer is the answer. The caller parses a copy as it parses the answer, so a damaged
// copy is refused like a malformed answer. Where copies live is the caller's (storage/answerCopies).
import { gotNoAnswer } from './errors';

export interface AnswerCopies {
  /** keeps `data` as the copy of `key` (failures are the store's to swallow: a copy is a spare) */
  save(key: string, data: unknown): void;
  /** the copy of `key`, or undefined */
  read(key: string): Promise<unknown>;
}

/** The server's answer (its copy kept), or with no answer at all the copy kept before; else the error. */
export async function answerOrCopy(
  key: string,
  ask: () => Promise<unknown>,
  copies: AnswerCopies | undefined,
): Promise<unknown> {
  if (!copies) return ask();
  try {
    const data = await ask();
    copies.save(key, data);
    return data;
  } catch (error) {
    if (!gotNoAnswer(error)) throw error;
    const copy = await copies.read(key).catch(() => undefined);
    if (copy === undefined) throw error;
    return copy;
  }
}

/**
 * Copies that keep each answer but never stand in for one: for a read right after a change the
 * server accepted, where any copy kept before is older than that change (no answer stays an error).
 */
export function keepingOnly(copies: AnswerCopies | undefined): AnswerCopies | undefined {
  return copies && { save: (key, data) => copies.save(key, data), read: async () => undefined };
}
