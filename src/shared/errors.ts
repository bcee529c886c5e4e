// Errors that several layers name: thrown below, recognised by machines, shown from the catalogue.
import { text } from './text';

/** no credential's library holds the track's album, or none of their tokens covers the track */
export class NoSourceError extends Error {
  override readonly name = 'NoSourceError';
  constructor() {
    super(text.album.unavailable);
  }
}

export function isNoSourceError(error: unknown): boolean {
  return error instanceof NoSourceError || (error instanceof Error && error.name === 'NoSourceError');
}
