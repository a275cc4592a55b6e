import type { BenchTable, Cell } from './types';

function format(cell: Cell): string {
  return typeof cell === 'number' ? cell.toLocaleString('en-US') : cell;
}

/** A plain-text table: text left-aligned, numbers right-aligned. */
export function renderTable(table: BenchTable): string {
  const cells = [table.columns.map(String), ...table.rows.map((row) => row.map(format))];
  const numeric = table.columns.map((_, i) => table.rows.some((r) => typeof r[i] === 'number'));
  const widths = table.columns.map((_, i) =>
    Math.max(...cells.map((row) => (row[i] ?? '').length)),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const [head = [], ...body] = cells;
  const out = [`## ${table.title}`, '', line(head), rule, ...body.map(line)];
  for (const w of table.warnings) out.push(`WARNING: ${w}`);
  return out.join('\n');
}
