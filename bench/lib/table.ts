import type { Cell } from './types';

/** A plain text table, numbers right-aligned. */
export function formatTable(rows: Record<string, Cell>[]): string {
  const first = rows[0];
  if (!first) return '(no rows)';
  const columns = Object.keys(first);
  const text = (cell: Cell | undefined): string =>
    cell === undefined ? '' : typeof cell === 'number' && !Number.isInteger(cell) ? cell.toFixed(2) : String(cell);
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => text(row[column]).length)));
  const line = (cells: string[], numeric: boolean[]): string =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const numeric = columns.map((column) => rows.every((row) => typeof row[column] === 'number'));
  return [
    line(columns, numeric),
    line(
      widths.map((w) => '-'.repeat(w)),
      numeric,
    ),
    ...rows.map((row) =>
      line(
        columns.map((column) => text(row[column])),
        numeric,
      ),
    ),
  ].join('\n');
}
