/*
 * The one Range header form this server answers (audio in library/app.ts, built files in
 * static.ts): a single `bytes=S-` or `bytes=S-E`.
 */

/** `bytes=S-` or `bytes=S-E`; anything else (suffix, lists, garbage, E < S) → null = ignore the header. */
export function parseRange(header: string | undefined): { start: number; end: number | null } | null {
  const m = header?.trim().match(/^bytes=(\d+)-(\d*)$/);
  if (!m) return null;
  const start = Number(m[1]);
  const end = m[2] === '' ? null : Number(m[2]);
  if (end !== null && end < start) return null;
  return { start, end };
}
