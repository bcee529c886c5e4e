// Errors that several layers name: thrown below, recognised by machines, shown from the catalogue.
import { text } from './firstPageText';

/** no credential's library holds the track's album, or none of their tokens covers the track */
export class NoSourceError extends Error {
  override readonly name = 'NoSourceError';
  constructor() {
    super(text.album.unavailable);
  }
}

/**
 * Whether `error` is an error of that name, read as data (its `name`), not by class: the instance
 * thrown and the same error parsed from JSON (an exported path, docs/qa.md) take the same branch.
 */
export function hasErrorName(error: unknown, name: string): error is { name: string } & Record<string, unknown> {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
}

export function isNoSourceError(error: unknown): boolean {
  return hasErrorName(error, 'NoSourceError');
}
